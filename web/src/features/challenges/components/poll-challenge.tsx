import type { Challenge } from '@paddock/contracts/api/challenges';
import { useTranslation } from 'react-i18next';
import { ChallengeChoiceForm } from './option-choice-form.tsx';
import { OptionResults } from './option-results.tsx';

/** poll / poll: pick one option; the option's points are paid on answering; results after. */
export function PollChallenge({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation('challenges');
  const answered = challenge.pollResponseIndex != null;

  if (answered || challenge.expired) {
    const resultsHidden = challenge.options.every((o) => o.result == null);
    return (
      <section className="flex flex-col gap-3">
        <h2 className="font-display text-xl font-bold">{t('results.title')}</h2>
        <OptionResults options={challenge.options} chosenIndex={challenge.pollResponseIndex} />
        {resultsHidden ? (
          <p className="text-sm text-muted">{t('results.hiddenUntilClose')}</p>
        ) : (
          challenge.totalResponses != null && (
            <p className="text-sm text-muted">{t('results.total', { count: challenge.totalResponses })}</p>
          )
        )}
      </section>
    );
  }

  return <ChallengeChoiceForm challenge={challenge} submitLabel={t('actions.vote')} />;
}
