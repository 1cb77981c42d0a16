import { normaliseKeyword } from '@paddock/contracts';
import { unprocessable } from '../../platform/errors.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  award,
  badRequest,
  openResponse,
  setPointsAwarded,
} from './answer-common.ts';

/** A wrong keyword may be retried this many times in all; the last wrong guess closes it (see answerKeyword). */
export const KEYWORD_MAX_ATTEMPTS = 5;

/**
 * Keyword decision: a wrong keyword is NOT recorded as the answer at once. Fans type what they
 * heard on the broadcast, and a typo should not cost them the points, so they may retry; but
 * each wrong guess is counted and the KEYWORD_MAX_ATTEMPTS-th closes the challenge as an
 * incorrect answer, so the word cannot be brute-forced. Every wrong guess answers 422
 * wrong_keyword with `attemptsLeft`.
 */
export async function answerKeyword(ctx: AnswerContext): Promise<AnswerOutcome> {
  const { db, challenge, body, userId, now } = ctx;
  if (typeof body.response !== 'string' || body.response.trim() === '') {
    throw badRequest('response (the keyword) is required for this challenge');
  }
  const existing = await openResponse(db, challenge.id, userId);
  const keyword = challenge.settings.keyword ?? '';
  const right = keyword !== '' && normaliseKeyword(body.response) === normaliseKeyword(keyword);
  const wrongAttempts = (existing?.wrongAttempts ?? 0) + (right ? 0 : 1);
  const closes = right || wrongAttempts >= KEYWORD_MAX_ATTEMPTS;
  const points = right ? (challenge.settings.points ?? 0) : 0;
  const values = {
    status: closes ? ('completed' as const) : ('in_progress' as const),
    responseText: body.response.trim().slice(0, 100),
    correct: closes ? right : null,
    pointsAwarded: points,
    wrongAttempts,
    completedAt: closes ? now : null,
  };
  if (existing) {
    await db.updateTable('challengeResponses').set(values).where('id', '=', existing.id).execute();
  } else {
    await db
      .insertInto('challengeResponses')
      .values({ organizationId: ctx.org.id, challengeId: challenge.id, userId, createdAt: now, ...values })
      .execute();
  }
  if (right) {
    const paid = await award(ctx, points, `challenge:${challenge.id}`);
    if (paid !== points) await setPointsAwarded(db, challenge.id, userId, paid);
    return { correct: true, points: paid };
  }
  const attemptsLeft = KEYWORD_MAX_ATTEMPTS - wrongAttempts;
  return {
    correct: false,
    points: 0,
    refusal: unprocessable(
      'wrong_keyword',
      attemptsLeft > 0
        ? `That is not the keyword; ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left`
        : 'That is not the keyword, and that was your last try',
      { attemptsLeft },
    ),
  };
}
