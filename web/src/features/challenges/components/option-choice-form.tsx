import type { Challenge, ChallengeAnswerBody, ChallengeOption } from '@paddock/contracts/api/challenges';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { useAnswerChallenge } from '../api/challenge-api.ts';
import { toastAnswer, toastAnswerError } from './answer-feedback.ts';
import { OptionPicker } from './option-picker.tsx';

/**
 * Choosing one option and sending it: a poll's vote, a pick'em's prediction or a trivia
 * question's answer (`questionId`). `unchangedIndex` is the answer already given, which
 * sending again would not change.
 */
export function OptionChoiceForm({
  challengeId,
  questionId,
  name,
  legend,
  options,
  hint,
  submitLabel,
  answeredNote,
  unchangedIndex,
  onAnswered,
}: {
  challengeId: string;
  questionId?: string;
  name: string;
  legend: string;
  options: ChallengeOption[];
  hint?: ReactNode;
  submitLabel: string;
  /** Said in the toast after answering (a pick'em: "locked in until the result"). */
  answeredNote?: string;
  unchangedIndex?: number;
  onAnswered?: () => void;
}) {
  const { t } = useTranslation('challenges');
  const [choice, setChoice] = useState<number | null>(null);
  const answer = useAnswerChallenge(challengeId);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice === null) return;
        const body: ChallengeAnswerBody = questionId
          ? { questionId, responseIndex: choice }
          : { responseIndex: choice };
        answer.mutate(body, {
          onSuccess: (r) => {
            toastAnswer(t, r, answeredNote);
            onAnswered?.();
          },
          onError: (err) => toastAnswerError(t, err),
        });
      }}
    >
      {hint}
      <OptionPicker
        name={name}
        legend={legend}
        options={options}
        value={choice}
        onChange={setChoice}
        disabled={answer.isPending}
      />
      <Button
        type="submit"
        full
        disabled={choice === null || choice === unchangedIndex}
        loading={answer.isPending}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

/** A poll's vote or a pick'em's prediction: the challenge's own options, the form named after it. */
export function ChallengeChoiceForm({
  challenge,
  ...rest
}: { challenge: Challenge } & Pick<
  Parameters<typeof OptionChoiceForm>[0],
  'submitLabel' | 'hint' | 'answeredNote'
>) {
  return (
    <OptionChoiceForm
      challengeId={challenge.challengeId}
      name={`${challenge.subtype}-${challenge.challengeId}`}
      legend={challenge.title}
      options={challenge.options}
      {...rest}
    />
  );
}
