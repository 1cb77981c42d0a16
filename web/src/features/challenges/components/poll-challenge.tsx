import type { Challenge } from '@paddock/contracts/api/challenges';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { useAnswerChallenge } from '../api/challenge-api.ts';
import { toastAnswer, toastAnswerError } from './answer-feedback.ts';
import { OptionPicker } from './option-picker.tsx';
import { OptionResults } from './option-results.tsx';

/** poll / poll: pick one option; the option's points are paid on answering; results after. */
export function PollChallenge({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation('challenges');
  const [choice, setChoice] = useState<number | null>(null);
  const answer = useAnswerChallenge(challenge.challengeId);
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

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice === null) return;
        answer.mutate(
          { responseIndex: choice },
          { onSuccess: (r) => toastAnswer(t, r), onError: (err) => toastAnswerError(t, err) },
        );
      }}
    >
      <OptionPicker
        name={`poll-${challenge.challengeId}`}
        legend={challenge.title}
        options={challenge.options}
        value={choice}
        onChange={setChoice}
        disabled={answer.isPending}
      />
      <Button type="submit" full disabled={choice === null} loading={answer.isPending}>
        {t('actions.vote')}
      </Button>
    </form>
  );
}
