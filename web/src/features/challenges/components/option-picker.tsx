import type { ChallengeOption } from '@paddock/contracts/api/challenges';
import { useTranslation } from 'react-i18next';
import { Points } from '../../../ui/points.tsx';

/**
 * A single-choice list of options in their initial order (product §9), as a radio group so
 * keyboards and screen readers get the expected behaviour; every row is a 48 px tap target.
 */
export function OptionPicker({
  name,
  options,
  value,
  onChange,
  disabled,
  showPoints = true,
  legend,
}: {
  name: string;
  options: ChallengeOption[];
  value: number | null;
  onChange: (index: number) => void;
  disabled?: boolean;
  showPoints?: boolean;
  legend: string;
}) {
  const { t } = useTranslation('challenges');
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      {[...options]
        .sort((a, b) => a.index - b.index)
        .map((option) => {
          const checked = value === option.index;
          return (
            <label
              key={option.index}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                checked ? 'border-brand bg-brand/15' : 'border-line bg-surface hover:border-muted'
              }`}
            >
              <input
                type="radio"
                name={name}
                className="size-5 accent-[var(--brand-primary)]"
                checked={checked}
                onChange={() => onChange(option.index)}
              />
              <span className="flex-1 font-semibold">{option.text}</span>
              {showPoints && option.points > 0 && (
                <span className="text-sm text-accent">
                  <span className="sr-only">{t('worth')} </span>
                  <Points value={option.points} />
                </span>
              )}
            </label>
          );
        })}
    </fieldset>
  );
}
