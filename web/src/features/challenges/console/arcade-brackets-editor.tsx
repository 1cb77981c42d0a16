import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Field, labelClass } from '../../../ui/console/fields.tsx';
import { ItemButtons, removeAt, replaceAt } from '../../../ui/console/list-editing.tsx';
import type { BracketDraft } from './challenge-draft.ts';

/** An arcade challenge's reaction-time brackets: react within maxMs to earn the bracket's points. */
export function ArcadeBracketsEditor({
  value: brackets,
  onChange,
}: {
  value: BracketDraft[];
  onChange: (next: BracketDraft[]) => void;
}) {
  const { t } = useTranslation('challenges-console');
  const set = (i: number, patch: Partial<BracketDraft>) => onChange(replaceAt(brackets, i, patch));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={`mb-1 ${labelClass}`}>{t('challenge.brackets')}</legend>
      {brackets.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: brackets are edited in place
        <div key={i} className="flex items-end gap-2">
          <Field
            label={t('challenge.maxMs')}
            type="number"
            min={100}
            max={5000}
            value={b.maxMs}
            onChange={(e) => set(i, { maxMs: Number(e.target.value) })}
          />
          <Field
            label={t('challenge.points')}
            type="number"
            min={0}
            value={b.points}
            onChange={(e) => set(i, { points: Number(e.target.value) })}
          />
          <ItemButtons onRemove={brackets.length > 1 ? () => onChange(removeAt(brackets, i)) : undefined} />
        </div>
      ))}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => onChange([...brackets, { maxMs: 2000, points: 5 }])}
      >
        {t('challenge.addBracket')}
      </Button>
    </fieldset>
  );
}
