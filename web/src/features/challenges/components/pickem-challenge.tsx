import type { Challenge } from '@paddock/contracts/api/challenges';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Points } from '../../../ui/points.tsx';
import { ChallengeChoiceForm } from './option-choice-form.tsx';
import { OptionResults } from './option-results.tsx';

/**
 * poll / pickem: a prediction, open until expiresOn; an operator settles the outcome later and
 * correct predictions are paid then (product §10.2.3).
 */
export function PickemChallenge({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation('challenges');
  const picked = challenge.pollResponseIndex;
  const settled = challenge.outcome != null;

  if (picked != null || challenge.expired) {
    const pickedOption = challenge.options.find((o) => o.index === picked);
    const won = settled && picked === challenge.outcome;
    return (
      <section className="flex flex-col gap-3">
        <div className="rounded-2xl border border-line bg-surface p-4" aria-live="polite">
          {settled ? (
            <p className="flex items-center gap-2 font-display text-lg font-bold">
              {picked == null ? null : won ? (
                <CircleCheck className="size-6 text-accent" aria-hidden />
              ) : (
                <CircleX className="size-6 text-red-400" aria-hidden />
              )}
              {picked == null ? t('pickem.settledNoPick') : won ? t('pickem.won') : t('pickem.lost')}
            </p>
          ) : (
            <p className="flex items-center gap-2 font-display text-lg font-bold">
              <Hourglass className="size-5 text-muted" aria-hidden />
              {picked == null ? t('pickem.closedNoPick') : t('pickem.waiting')}
            </p>
          )}
          {pickedOption && (
            <p className="mt-1 text-muted">{t('pickem.yourPick', { option: pickedOption.text })}</p>
          )}
          {settled && (
            <p className="mt-1 text-muted">
              {t('pickem.outcome', {
                option: challenge.options.find((o) => o.index === challenge.outcome)?.text ?? '',
              })}
            </p>
          )}
          {won && (
            <p className="mt-2 font-semibold text-accent">
              {t('earned')} <Points value={challenge.userResponse?.score ?? 0} />
            </p>
          )}
        </div>
        <OptionResults options={challenge.options} chosenIndex={picked} outcomeIndex={challenge.outcome} />
      </section>
    );
  }

  return (
    <ChallengeChoiceForm
      challenge={challenge}
      submitLabel={t('actions.predict')}
      hint={<p className="text-sm text-muted">{t('pickem.hint')}</p>}
      answeredNote={t('pickem.locked')}
    />
  );
}
