import type { Challenge } from '@paddock/contracts/api/challenges';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Points } from '../../../ui/points.tsx';
import { requestArcadeAttempt, useAnswerChallenge } from '../api/challenge-api.ts';
import { toastAnswer, toastAnswerError } from './answer-feedback.ts';

/** What an untimed run pays: the slowest paying bracket (product §10.2.4 item 4; the server decides). */
function untimedPoints(challenge: Challenge): number {
  const paying = [...(challenge.arcadeBrackets ?? [])]
    .sort((a, b) => a.maxMs - b.maxMs)
    .filter((b) => b.points > 0);
  return paying.at(-1)?.points ?? 0;
}

/**
 * The arcade for a fan in untimed mode (WCAG 2.2.1): no start lights and no clock, one button
 * the fan presses when ready; the run pays by product §10.2.4 item 4.
 */
export function UntimedArcade({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation('challenges');
  const answer = useAnswerChallenge(challenge.challengeId);
  const [busy, setBusy] = useState(false);

  if (challenge.userResponse?.status === 'completed') {
    return (
      <p className="rounded-2xl border border-line bg-surface p-4 text-center font-semibold text-accent">
        {t('earned')} <Points value={challenge.userResponse.score} />
      </p>
    );
  }
  if (challenge.expired) {
    return (
      <p className="rounded-2xl border border-line bg-surface p-4 font-semibold">{t('status.closed')}</p>
    );
  }

  const play = async () => {
    setBusy(true);
    try {
      const attempt = await requestArcadeAttempt(challenge.challengeId);
      const result = await answer.mutateAsync({ attemptToken: attempt.attemptToken });
      toastAnswer(t, result);
    } catch (error) {
      toastAnswerError(t, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <p className="flex items-center gap-2 font-semibold">
        <Hourglass className="size-5 text-accent" aria-hidden />
        {t('arcade.untimed.title')}
      </p>
      <p className="text-sm text-muted">{t('arcade.untimed.body', { count: untimedPoints(challenge) })}</p>
      <Button full loading={busy} onClick={() => void play()}>
        {t('arcade.untimed.play')}
      </Button>
    </div>
  );
}
