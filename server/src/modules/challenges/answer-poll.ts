import { unprocessable } from '../../platform/errors.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  badRequest,
  completeAndPay,
  openResponse,
} from './answer-common.ts';

/**
 * A pick of one of the challenge's options, once. `payNow`: a poll pays its option's points on
 * answering; a pick'em pays only at settlement (challenge-settlement.ts).
 */
export async function answerOption(ctx: AnswerContext, payNow: boolean): Promise<AnswerOutcome> {
  const { db, challenge, body, userId } = ctx;
  if (body.responseIndex === undefined) throw badRequest('responseIndex is required for this challenge');
  await openResponse(db, challenge.id, userId);
  const option = await db
    .selectFrom('challengeOptions')
    .selectAll()
    .where('challengeId', '=', challenge.id)
    .where('questionId', 'is', null)
    .where('orderIndex', '=', body.responseIndex)
    .executeTakeFirst();
  if (!option) throw unprocessable('invalid_option', 'That option is not part of this challenge');
  const points = payNow ? option.points : 0;
  const paid = await completeAndPay(ctx, { optionIndex: option.orderIndex }, points);
  return { correct: null, points: paid };
}

/** POST /challenge/{id} for a poll: the chosen option's points, once. */
export const answerPoll = (ctx: AnswerContext) => answerOption(ctx, true);
