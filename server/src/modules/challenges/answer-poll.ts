import { type Expression, type ExpressionBuilder, type QueryCreator, sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { DB } from '../../db/schema.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { unprocessable } from '../../platform/errors.ts';
import { commitRefusalColumn } from '../../db/commit-refusal.ts';
import {
  boostedAmountSql,
  type LedgerAmountCte,
  type LedgerPostCtes,
  ledgerPostNotApplied,
  withLedgerPost,
} from '../ledger/ledger-ctes.ts';
import { awardBoost, ledgerPostedInStatement, boostedDescription } from '../ledger/ledger-service.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import {
  type AnswerContext,
  type AnswerOutcome,
  badRequest,
  ledgerDescription,
  setPointsAwarded,
} from './answer-common.ts';

/**
 * In one statement, read after the fan's lock (decision 036): every option of the challenge in
 * order (presented with the answer, so all are read), the fan's response status so far, and the
 * fan's completed response for the picked option, inserted only when the fan has not answered
 * and the option is the challenge's. `recordedPoints` is what the response records: for a pick
 * that pays now, the option's points under the fan's boost, and then the same statement pays
 * them into the ledger (decision 039): `transactionId` and the balance after it, or null when
 * nothing was paid.
 */
async function optionsAndRecordedResponse(
  ctx: AnswerContext,
  optionIndex: number,
  pay: Payment | null,
): Promise<PickRow[]> {
  const { db, challenge, userId, now, org } = ctx;
  const values = { organizationId: org.id, challengeId: challenge.id, userId, optionIndex, now };
  if (!pay) return (await recordUnpaidPick(db, values)).rows;
  const { rows } = await (ctx.commits ? recordPaidPickAndCommit : recordPaidPick)(db, {
    ...values,
    multiplier: pay.multiplier,
    kind: 'challenge',
    reference: challenge.id,
    description: pay.description,
    onceKey: pay.onceKey,
  });
  return rows;
}

/** A row of either statement: the award's columns only come from a pick that pays now. */
type PaidRow = Awaited<ReturnType<typeof recordPaidPick>>['rows'][number];
type PickRow = Omit<PaidRow, 'transactionId' | 'newPoints' | 'newLifetimePoints' | 'commitRefused'> &
  Partial<Pick<PaidRow, 'transactionId' | 'newPoints' | 'newLifetimePoints' | 'commitRefused'>>;

/** The award a pick that pays now carries into its statement. */
interface Payment {
  /** The fan's boost's multiplier, 1 without one. */
  multiplier: number;
  description: string;
  onceKey: string;
}

const PICK = ['organizationId', 'challengeId', 'userId', 'optionIndex', 'now'] as const;
type PickValues = Record<(typeof PICK)[number], never>;

/** The fan's prior response and the recorded pick, as CTEs `prior` and `recorded`. */
function recordPick(db: Database, v: PickValues, points: (option: Expression<number>) => Expression<number>) {
  return db
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
              s.fn.coalesce(points(s.ref('challengeOptions.points')), sql.lit(0)).as('pointsAwarded'),
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
    );
}

/** The statements' CTEs: the pick's, and the award's of a pick that pays now. */
type PickSchema = DB & {
  prior: { status: 'in_progress' | 'completed' };
  recorded: { pointsAwarded: number };
} & LedgerAmountCte &
  LedgerPostCtes;

/** Every option in order, with the prior status and the recorded points on each row. */
function optionsWithRecord(q: QueryCreator<PickSchema>, v: PickValues) {
  return q
    .selectFrom('challengeOptions')
    .selectAll('challengeOptions')
    .select((eb) => [
      eb.selectFrom('prior').select('status').as('responseStatus'),
      eb.selectFrom('recorded').select('pointsAwarded').as('recordedPoints'),
    ])
    .where('challengeOptions.challengeId', '=', v.challengeId)
    .where('challengeOptions.questionId', 'is', null)
    .orderBy('challengeOptions.orderIndex');
}

/** A pick'em's statement, compiled once: it records the pick, which pays at settlement. */
const recordUnpaidPick = compiledStatement(PICK, (db, v) =>
  // Typed with the award's CTEs as well, which this statement never names.
  optionsWithRecord(recordPick(db, v, () => sql.lit(0)) as unknown as QueryCreator<PickSchema>, v),
);

/**
 * A poll's statement, compiled once: the pick under the fan's boost, and its award. With
 * `commits` it is the answer's last statement and carries the transaction's commit (decision
 * 036, amendment of 2026-12-07): it refuses to commit (db/commit-refusal.ts) when the line did
 * not post as asked (ledgerPostNotApplied): the fan's row gone, or the once key paid before, when
 * the response must then be set to the 0 paid.
 */
function paidPickStatement(commits: boolean) {
  return compiledStatement(
    [...PICK, 'multiplier', 'kind', 'reference', 'description', 'onceKey'],
    (db, v) => {
      const recorded = recordPick(db, v, (points) => boostedAmountSql(points, v.multiplier)).with(
        'ledgerAmount',
        (qb) => qb.selectFrom('recorded').select('recorded.pointsAwarded as amount'),
      );
      return optionsWithRecord(withLedgerPost(recorded, v) as QueryCreator<PickSchema>, v).select((eb) => [
        eb.selectFrom('ledgerLine').select('ledgerLine.id').as('transactionId'),
        eb.selectFrom('ledgerBalance').select('ledgerBalance.points').as('newPoints'),
        eb.selectFrom('ledgerBalance').select('ledgerBalance.lifetimePoints').as('newLifetimePoints'),
        ...commitRefusalColumn(
          commits,
          // The ledger's CTEs are in this statement; its builder's type names the pick's too.
          () =>
            ledgerPostNotApplied(
              eb as unknown as ExpressionBuilder<DB & LedgerPostCtes & LedgerAmountCte, never>,
            ),
          'a poll answer whose points need a further write',
        ),
      ]);
    },
    { commits },
  );
}
const recordPaidPick = paidPickStatement(false);
const recordPaidPickAndCommit = paidPickStatement(true);

/** A statement row's option columns. */
function optionOf(row: PickRow) {
  const { responseStatus: _, recordedPoints: __, transactionId: ___, newPoints: ____, ...rest } = row;
  const { newLifetimePoints: _____, commitRefused: ______, ...option } = rest;
  return option;
}

/**
 * The award of a poll's answer, decided before its statement: the fan's boost (from the app's
 * boost memory, boost-cache.ts) and the ledger line's words, as postPoints would post them.
 */
async function paymentFor(ctx: AnswerContext): Promise<Payment> {
  const { db, org, userId, now, challenge } = ctx;
  const award = { organizationId: org.id, userId, at: now, earning: 'challenges' as const };
  const boost = await awardBoost(db, award, bestActiveBoost);
  return {
    multiplier: boost?.multiplier ?? 1,
    description: boostedDescription(ledgerDescription(challenge), boost),
    onceKey: `challenge:${challenge.id}`,
  };
}

/** What the statement paid (0 when the once key was paid before), after the ledger's bookkeeping. */
async function paymentPosted(ctx: AnswerContext, pay: Payment, recorded: number, row: PickRow) {
  const { db, org, userId, now, challenge } = ctx;
  const line = {
    organizationId: org.id,
    userId,
    amount: recorded,
    kind: 'challenge',
    reference: challenge.id,
    description: pay.description,
  };
  const written = {
    transactionId: row.transactionId ?? null,
    points: row.newPoints ?? null,
    lifetimePoints: row.newLifetimePoints ?? null,
  };
  return (await ledgerPostedInStatement(db, line, written, now)).amount;
}

/**
 * A pick of one of the challenge's options, once. `payNow`: a poll pays its option's points on
 * answering; a pick'em pays only at settlement (challenge-settlement.ts).
 */
export async function answerOption(ctx: AnswerContext, payNow: boolean): Promise<AnswerOutcome> {
  const { body, challenge, userId, now, db } = ctx;
  if (body.responseIndex === undefined) throw badRequest('responseIndex is required for this challenge');
  const pay = payNow ? await paymentFor(ctx) : null;
  const rows = await optionsAndRecordedResponse(ctx, body.responseIndex, pay);
  // Every option row carries the same status, recorded points and award; a challenge always has options (validation).
  const first = rows[0];
  if (first?.responseStatus === 'completed') {
    throw unprocessable('already_answered', 'You have already answered this challenge');
  }
  const options = rows.map(optionOf);
  const option = options.find((o) => o.orderIndex === body.responseIndex);
  const recorded = first?.recordedPoints;
  if (!first || !option || recorded == null) {
    throw unprocessable('invalid_option', 'That option is not part of this challenge');
  }
  const paid = pay ? await paymentPosted(ctx, pay, recorded, first) : 0;
  // Once key `challenge:<id>`: a fan whose earlier response is gone was paid once already, and
  // the response then keeps the 0 actually paid.
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
