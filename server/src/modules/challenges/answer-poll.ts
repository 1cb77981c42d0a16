import { unprocessable } from '../../platform/errors.ts';
import { type AnswerContext, type AnswerOutcome, badRequest, completeAndPay } from './answer-common.ts';

/**
 * The challenge's options in order, with the fan's response status so far, in one round trip:
 * the options are presented with the answer too, so they are all read, not just the one picked.
 */
function optionsAndStatus(ctx: AnswerContext) {
  const { db, challenge, userId } = ctx;
  return db
    .selectFrom('challengeOptions')
    .selectAll('challengeOptions')
    .select((eb) =>
      eb
        .selectFrom('challengeResponses')
        .select('status')
        .where('challengeResponses.challengeId', '=', challenge.id)
        .where('challengeResponses.userId', '=', userId)
        .as('responseStatus'),
    )
    .where('challengeOptions.challengeId', '=', challenge.id)
    .where('challengeOptions.questionId', 'is', null)
    .orderBy('challengeOptions.orderIndex')
    .execute();
}

/**
 * A pick of one of the challenge's options, once. `payNow`: a poll pays its option's points on
 * answering; a pick'em pays only at settlement (challenge-settlement.ts).
 */
export async function answerOption(ctx: AnswerContext, payNow: boolean): Promise<AnswerOutcome> {
  const { body } = ctx;
  if (body.responseIndex === undefined) throw badRequest('responseIndex is required for this challenge');
  const rows = await optionsAndStatus(ctx);
  // Every option row carries the same status; a challenge always has options (validation).
  if (rows[0]?.responseStatus === 'completed') {
    throw unprocessable('already_answered', 'You have already answered this challenge');
  }
  const options = rows.map(({ responseStatus: _, ...option }) => option);
  const option = options.find((o) => o.orderIndex === body.responseIndex);
  if (!option) throw unprocessable('invalid_option', 'That option is not part of this challenge');
  const points = payNow ? option.points : 0;
  const { paid, response } = await completeAndPay(ctx, { optionIndex: option.orderIndex }, points);
  return { correct: null, points: paid, known: { options, response } };
}

/** POST /challenge/{id} for a poll: the chosen option's points, once. */
export const answerPoll = (ctx: AnswerContext) => answerOption(ctx, true);
