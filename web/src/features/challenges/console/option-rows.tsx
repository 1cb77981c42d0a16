import { useTranslation } from 'react-i18next';
import { Check, Field, NumberField } from '../../../ui/console/fields.tsx';
import { ListEditor } from '../../../ui/console/list-editing.tsx';
import type { OptionDraft } from './challenge-draft.ts';

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
  // Ticking one answer right unticks the others; unticking leaves none right until one is ticked.
  const markCorrect = (index: number) => onChange(options.map((o, i) => ({ ...o, isCorrect: i === index })));
  return (
    <ListEditor
      value={options}
      onChange={onChange}
      legend={label}
      min={2}
      max={8}
      addLabel={t('challenge.addOption')}
      newItem={() => ({ text: '', points: correctMode ? 10 : (options[0]?.points ?? 0), isCorrect: false })}
    >
      {(o, set, i) => (
        <>
          <Field
            label={t('challenge.optionText', { n: i + 1 })}
            value={o.text}
            onChange={(e) => set({ text: e.target.value })}
            className="min-w-48 flex-1"
            required
          />
          <NumberField
            label={t('challenge.points')}
            min={0}
            value={o.points}
            onValue={(points) => set({ points })}
            className="w-24"
          />
          {correctMode && (
            <Check
              label={t('challenge.correct')}
              checked={Boolean(o.isCorrect)}
              onChange={(on) => (on ? markCorrect(i) : set({ isCorrect: false }))}
            />
          )}
        </>
      )}
    </ListEditor>
  );
}
