import type { Challenge } from '@paddock/contracts/api/challenges';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { useAnswerChallenge } from '../api/challenge-api.ts';
import { toastAnswer, toastAnswerError } from './answer-feedback.ts';
import { OptionPicker } from './option-picker.tsx';

/** Choosing one of a challenge's options and sending it: a poll's vote or a pick'em's prediction. */
export function OptionChoiceForm({
  challenge,
  submitLabel,
  hint,
  answeredNote,
}: {
  challenge: Challenge;
  submitLabel: string;
  hint?: string;
  /** Said in the toast after answering (a pick'em: "locked in until the result"). */
  answeredNote?: string;
}) {
  const { t } = useTranslation('challenges');
  const [choice, setChoice] = useState<number | null>(null);
  const answer = useAnswerChallenge(challenge.challengeId);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice === null) return;
        answer.mutate(
          { responseIndex: choice },
          {
            onSuccess: (r) => toastAnswer(t, r, answeredNote),
            onError: (err) => toastAnswerError(t, err),
          },
        );
      }}
    >
      {hint && <p className="text-sm text-muted">{hint}</p>}
      <OptionPicker
        name={`${challenge.subtype}-${challenge.challengeId}`}
        legend={challenge.title}
        options={challenge.options}
        value={choice}
        onChange={setChoice}
        disabled={answer.isPending}
      />
      <Button type="submit" full disabled={choice === null} loading={answer.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
