import type { ChallengeOption } from '@paddock/contracts/api/challenges';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Aggregate results after answering (product §10.2.1: results shown after answering). Bars grow
 * with a transform so they animate without layout work.
 */
export function OptionResults({
  options,
  chosenIndex,
  outcomeIndex = null,
}: {
  options: ChallengeOption[];
  chosenIndex: number | null;
  outcomeIndex?: number | null;
}) {
  const { t } = useTranslation('challenges');
  return (
    <ul className="flex flex-col gap-2" aria-label={t('results.label')}>
      {[...options]
        .sort((a, b) => a.index - b.index)
        .map((option) => {
          const percent = option.result?.percent ?? 0;
          const chosen = option.index === chosenIndex;
          const winner = outcomeIndex === option.index;
          return (
            <li
              key={option.index}
              className={`relative overflow-hidden rounded-xl border px-4 py-3 ${
                chosen ? 'border-brand' : winner ? 'border-accent' : 'border-line'
              } bg-surface`}
            >
              <div
                aria-hidden
                className={`absolute inset-0 origin-left transition-transform duration-700 ease-out ${
                  chosen ? 'bg-brand/30' : 'bg-surface-2'
                }`}
                style={{ transform: `scaleX(${percent / 100})` }}
              />
              <div className="relative flex items-center gap-2">
                <span className="flex-1 font-semibold">
                  {option.text}
                  {chosen && (
                    <span className="ml-2 text-xs font-normal text-muted">{t('results.yourPick')}</span>
                  )}
                </span>
                {winner && <CircleCheck className="size-5 text-accent" aria-label={t('results.outcome')} />}
                {option.result && <span className="tabular-nums font-bold">{percent}%</span>}
              </div>
            </li>
          );
        })}
    </ul>
  );
}
