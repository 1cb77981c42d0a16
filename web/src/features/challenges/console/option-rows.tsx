import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Check, Field, labelClass } from '../../../ui/console/fields.tsx';
import { ItemButtons, removeAt, replaceAt } from '../../../ui/console/list-editing.tsx';
import type { OptionDraft } from './challenge-draft.ts';

const MIN_OPTIONS = 2;
const MAX_OPTIONS = 8;

/**
 * The answers of a poll or pick'em, or of one trivia question (`correctMode`: one answer is
 * marked right, ticking another unticks it).
 */
export function OptionRows({
  options,
  onChange,
  correctMode,
  label,
}: {
  options: OptionDraft[];
  onChange: (next: OptionDraft[]) => void;
  correctMode?: boolean;
  label: string;
}) {
  const { t } = useTranslation('challenges-console');
  const set = (i: number, patch: Partial<OptionDraft>) =>
    onChange(
      correctMode && patch.isCorrect
        ? replaceAt(
            options.map((o) => ({ ...o, isCorrect: false })),
            i,
            patch,
          )
        : replaceAt(options, i, patch),
    );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={`mb-1 ${labelClass}`}>{label}</legend>
      {options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their order is their identity
        <div key={i} className="flex flex-wrap items-end gap-2">
          <Field
            label={t('challenge.optionText', { n: i + 1 })}
            value={o.text}
            onChange={(e) => set(i, { text: e.target.value })}
            className="min-w-48 flex-1"
            required
          />
          <Field
            label={t('challenge.points')}
            type="number"
            min={0}
            value={o.points}
            onChange={(e) => set(i, { points: Number(e.target.value) })}
            className="w-24"
          />
          {correctMode && (
            <Check
              label={t('challenge.correct')}
              checked={Boolean(o.isCorrect)}
              onChange={(on) => set(i, { isCorrect: on })}
            />
          )}
          <ItemButtons
            onRemove={options.length > MIN_OPTIONS ? () => onChange(removeAt(options, i)) : undefined}
          />
        </div>
      ))}
      {options.length < MAX_OPTIONS && (
        <Button
          variant="secondary"
          className="self-start text-sm"
          onClick={() =>
            onChange([
              ...options,
              { text: '', points: correctMode ? 10 : (options[0]?.points ?? 0), isCorrect: false },
            ])
          }
        >
          {t('challenge.addOption')}
        </Button>
      )}
    </fieldset>
  );
}
