import type { ChallengeAnswerResult } from '@paddock/contracts/api/challenges';
import type { TFunction } from 'i18next';
import { toast } from '../../../ui/toast-store.ts';
import { challengeErrorKey, challengeErrorTitleKey } from '../lib/challenge-errors.ts';

/** After any answer: a toast with the points earned (product §13.4), or what went wrong in clear words. */
export function toastAnswer(
  t: TFunction<'challenges'>,
  result: Pick<ChallengeAnswerResult, 'correct' | 'points'>,
  /** What to say when nothing was paid yet (e.g. a pick'em waits for its result). */
  savedText?: string,
) {
  if (result.points > 0) {
    toast({
      title: t('feedback.points', { count: result.points }),
      description: result.correct === true ? t('feedback.correct') : undefined,
    });
  } else if (result.points < 0) {
    toast({
      title: t('feedback.pointsRemoved', { count: -result.points }),
      description: t('feedback.changed'),
    });
  } else {
    toast({ title: result.correct === false ? t('feedback.wrong') : (savedText ?? t('feedback.saved')) });
  }
}

export function toastAnswerError(t: TFunction<'challenges'>, error: unknown) {
  toast({
    title: t(challengeErrorTitleKey(error)),
    description: t(challengeErrorKey(error)),
    variant: 'destructive',
  });
}
