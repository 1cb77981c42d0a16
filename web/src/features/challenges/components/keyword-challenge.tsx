import { MAX_TEXT_RESPONSE_LENGTH } from '@paddock/contracts';
import type { Challenge } from '@paddock/contracts/api/challenges';
import { CircleCheck, CircleX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Points } from '../../../ui/points.tsx';
import { useAnswerChallenge } from '../api/challenge-api.ts';
import { toastAnswer, toastAnswerError } from './answer-feedback.ts';

/** input / keyword: the word revealed on broadcast or at the track (case and spaces don't matter). */
export function KeywordChallenge({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation('challenges');
  const inputId = useId();
  const [value, setValue] = useState('');
  const answer = useAnswerChallenge(challenge.challengeId);
  const last = challenge.userResponse?.answers.at(-1);

  if (challenge.userResponse?.status === 'completed' || challenge.expired) {
    return (
      <div className="rounded-2xl border border-line bg-surface p-4" aria-live="polite">
        {last ? (
          <>
            <p className="flex items-center gap-2 font-display text-lg font-bold">
              {last.correct ? (
                <CircleCheck className="size-6 text-accent" aria-hidden />
              ) : (
                <CircleX className="size-6 text-red-400" aria-hidden />
              )}
              {last.correct ? t('keyword.right') : t('keyword.wrong')}
            </p>
            <p className="mt-1 text-muted">{t('keyword.yourAnswer', { answer: last.answer })}</p>
            <p className="mt-2 font-semibold text-accent">
              {t('earned')} <Points value={challenge.userResponse?.score ?? 0} />
            </p>
          </>
        ) : (
          <p className="font-display text-lg font-bold">{t('status.closed')}</p>
        )}
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const response = value.trim();
        if (!response) return;
        answer.mutate(
          { response },
          {
            onSuccess: (r) => {
              toastAnswer(t, r);
              if (r.correct === false) setValue('');
            },
            onError: (err) => toastAnswerError(t, err),
          },
        );
      }}
    >
      <label htmlFor={inputId} className="font-semibold">
        {t('keyword.label')}
      </label>
      <input
        id={inputId}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={MAX_TEXT_RESPONSE_LENGTH}
        placeholder={t('keyword.placeholder')}
        className="min-h-12 rounded-xl border border-line bg-surface-2 px-4 text-lg font-semibold tracking-wide uppercase placeholder:text-muted placeholder:normal-case focus:border-accent focus:outline-none"
      />
      {last && last.correct === false && (
        <p className="text-sm text-muted">{t('keyword.tryAgain', { answer: last.answer })}</p>
      )}
      <Button type="submit" full disabled={!value.trim()} loading={answer.isPending}>
        {t('actions.submitKeyword')}
      </Button>
    </form>
  );
}
