import { sql } from 'kysely';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { unprocessable } from '../../platform/errors.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  award,
  badRequest,
  setPointsAwarded,
} from './answer-common.ts';

/**
 * In one statement, read after the fan's lock (decision 036): every option of the challenge in
 * order (presented with the answer, so all are read), the fan's response status so far, and the
 * fan's completed response for the picked option, inserted only when the fan has not answered
 * and the option is the challenge's. `points` is what the response records before the award
 * (the option's points when the answer pays now).
 */
async function optionsAndRecordedResponse(ctx: AnswerContext, optionIndex: number, payNow: boolean) {
  const { db, challenge, userId, now, org } = ctx;
  const statement = payNow ? recordPaidPick : recordUnpaidPick;
  const { rows } = await statement(db, {
    organizationId: org.id,
    challengeId: challenge.id,
    userId,
    optionIndex,
    now,
  });
  return rows;
}

/** optionsAndRecordedResponse's statement, compiled once per `payNow` (nothing else changes its SQL). */
function optionsAndRecordedResponseStatement(payNow: boolean) {
  return compiledStatement(['organizationId', 'challengeId', 'userId', 'optionIndex', 'now'], (db, v) =>
    db
      .with('prior', (qb) =>
        qb
          .selectFrom('challengeResponses')
          .select('status')
          .where('challengeId', '=', v.challengeId)
          .where('userId', '=', v.userId),
      )
      .with('recorded', (qb) =>
        qb
          .insertInto('challengeResponses')
          .columns([
            'organizationId',
            'challengeId',
            'userId',
            'status',
            'optionIndex',
            'pointsAwarded',
            'createdAt',
            'completedAt',
          ])
          .expression((eb) =>
            eb
              .selectFrom('challengeOptions')
              .select((s) => [
                // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
                sql<string>`${v.organizationId}::uuid`.as('organizationId'),
                sql<string>`${v.challengeId}::uuid`.as('challengeId'),
                sql<string>`${v.userId}::uuid`.as('userId'),
                sql.lit('completed').as('status'),
                'challengeOptions.orderIndex',
                payNow
                  ? s.ref('challengeOptions.points').as('pointsAwarded')
                  : sql.lit(0).as('pointsAwarded'),
                sql<Date>`${v.now}::timestamptz`.as('createdAt'),
                sql<Date>`${v.now}::timestamptz`.as('completedAt'),
              ])
              .where('challengeOptions.challengeId', '=', v.challengeId)
              .where('challengeOptions.questionId', 'is', null)
              .where('challengeOptions.orderIndex', '=', v.optionIndex)
              .where((w) =>
                w.not(
                  w.exists(w.selectFrom('prior').select('status').where('status', '=', sql.lit('completed'))),
                ),
              ),
          )
          .returning(['pointsAwarded']),
      )
      .selectFrom('challengeOptions')
      .selectAll('challengeOptions')
      .select((eb) => [
        eb.selectFrom('prior').select('status').as('responseStatus'),
        eb.selectFrom('recorded').select('pointsAwarded').as('recordedPoints'),
      ])
      .where('challengeOptions.challengeId', '=', v.challengeId)
      .where('challengeOptions.questionId', 'is', null)
      .orderBy('challengeOptions.orderIndex'),
  );
}
const recordPaidPick = optionsAndRecordedResponseStatement(true);
const recordUnpaidPick = optionsAndRecordedResponseStatement(false);

/**
 * A pick of one of the challenge's options, once. `payNow`: a poll pays its option's points on
 * answering; a pick'em pays only at settlement (challenge-settlement.ts).
 */
export async function answerOption(ctx: AnswerContext, payNow: boolean): Promise<AnswerOutcome> {
  const { body, challenge, userId, now, db } = ctx;
  if (body.responseIndex === undefined) throw badRequest('responseIndex is required for this challenge');
  const rows = await optionsAndRecordedResponse(ctx, body.responseIndex, payNow);
  // Every option row carries the same status and recorded points; a challenge always has options (validation).
  if (rows[0]?.responseStatus === 'completed') {
    throw unprocessable('already_answered', 'You have already answered this challenge');
  }
  const options = rows.map(({ responseStatus: _, recordedPoints: __, ...option }) => option);
  const option = options.find((o) => o.orderIndex === body.responseIndex);
  const recorded = rows[0]?.recordedPoints;
  if (!option || recorded == null) {
    throw unprocessable('invalid_option', 'That option is not part of this challenge');
  }
  // Once key `challenge:<id>`; the response keeps what was actually paid (a boost may change it).
  const paid = await award(ctx, recorded, `challenge:${challenge.id}`);
  if (paid !== recorded) await setPointsAwarded(db, challenge.id, userId, paid);
  // The response as the statement wrote it and as it stands at commit.
  const response = {
    challengeId: challenge.id,
    status: 'completed' as const,
    optionIndex: option.orderIndex,
    responseText: null,
    score: null,
    correct: null,
    pointsAwarded: paid,
    completedAt: now,
  };
  // A completed response for this option from a fan who had none (a second is already_answered).
  const votes = { add: `${challenge.id}:${option.orderIndex}`, newFan: true };
  return { correct: null, points: paid, known: { options, response }, votes };
}

/** POST /challenge/{id} for a poll: the chosen option's points, once. */
export const answerPoll = (ctx: AnswerContext) => answerOption(ctx, true);
