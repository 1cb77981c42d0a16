import { sql } from 'kysely';
import type { ChallengeAnswerBody } from '@paddock/contracts/api/challenges';
import type { Database } from '../../db/engine.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { fanLockColumn } from '../profile/fan-accounts.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import { unarchivedChallenge } from './challenge-service.ts';
import { type ChallengeRow, isClosed, type KnownViewData } from './challenge-views.ts';
import type { VoteChange } from './challenge-votes.ts';

/** What every subtype's answer function shares (challenge-answer.ts dispatches to them). */

/** One answer being made: the fan's call (db is the answer's transaction) and the challenge. */
export interface AnswerContext extends FanCall {
  challenge: ChallengeRow;
  body: ChallengeAnswerBody;
  appSecret: string;
  /**
   * The answer's transaction ends with the answer's statement, which may carry its commit
   * (db/commit-refusal.ts; decision 036, amendment of 2026-12-07). False when it ran the long
   * way because that statement refused to commit.
   */
  commits?: boolean;
}

export interface AnswerOutcome {
  correct: boolean | null;
  points: number;
  /**
   * A refusal whose bookkeeping must still be committed (a burnt arcade attempt, a counted
   * wrong keyword): thrown after the transaction commits instead of rolling it back.
   */
  refusal?: AppError;
  /**
   * What the answer already read or wrote (the challenge's options, the fan's response row as
   * committed): presenting the answered challenge uses them instead of reading them again.
   */
  known?: KnownViewData;
  /** What the committed answer changed in the challenge's vote counts; unset: drop the kept counts. */
  votes?: VoteChange;
}

export const badRequest = (message: string) => new AppError(400, 'validation_failed', message);

/**
 * Locks the answering fan and loads the challenge, in one statement (decision 036): 404 when
 * unknown or archived (findUnarchived's query), 422 outside its window. The fan's row lock is
 * held until commit (see postPoints) and serialises every answer of one fan: the answer's own
 * reads of the fan's responses come in later statements, after any wait for it. The challenge
 * row is read in the transaction, so an operator's close or archive that committed is honoured.
 * `xact` is the transaction's id (`pg_current_xact_id()`): the kept vote counts add the answer
 * exactly when the snapshot they were read in lacks it (challenge-votes.ts).
 */
export async function lockFanAndFindAnswerable(call: FanCall, id: string) {
  const { rows } = await lockFanAndFindStatement(call.db, {
    organizationId: call.org.id,
    userId: call.userId,
    challengeId: id,
  });
  const found = rows[0];
  if (!found) throw notFound('Challenge');
  const { fanLocked, xact, ...row } = found;
  // The caller's session proves the fan exists; a missing row is a defect, not a refusal.
  if (!fanLocked) throw new Error('The signed-in fan no longer exists');
  if (new Date(row.visibleFrom).getTime() > call.now.getTime()) {
    throw unprocessable('challenge_not_visible', 'This challenge has not opened yet');
  }
  if (isClosed(row, call.now)) throw unprocessable('challenge_expired', 'This challenge has closed');
  return { challenge: row, xact };
}

/** lockFanAndFindAnswerable's statement, compiled once (its SQL never changes, only the ids). */
const lockFanAndFindStatement = compiledStatement(['organizationId', 'userId', 'challengeId'], (db, v) =>
  unarchivedChallenge(db, v.organizationId, v.challengeId).select([
    fanLockColumn(db, v.organizationId, v.userId),
    sql<string>`pg_current_xact_id()::text`.as('xact'),
  ]),
);

export async function existingResponse(db: Database, challengeId: string, userId: string) {
  return db
    .selectFrom('challengeResponses')
    .selectAll()
    .where('challengeId', '=', challengeId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** The fan's response so far; 422 already_answered once it is complete. */
export async function openResponse(db: Database, challengeId: string, userId: string) {
  const existing = await existingResponse(db, challengeId, userId);
  if (existing?.status === 'completed') {
    throw unprocessable('already_answered', 'You have already answered this challenge');
  }
  return existing;
}

export function ledgerDescription(row: ChallengeRow) {
  const label: Record<string, string> = {
    poll: 'Poll',
    pickem: "Pick'em",
    arcade: 'Arcade',
    trivia: 'Trivia',
    keyword: 'Keyword',
  };
  return `${label[row.subtype] ?? 'Challenge'}: ${row.title}`;
}

/**
 * Posts an award and answers the amount actually posted: the ledger may adjust an award (a
 * boost), and reversals must take back exactly what was paid.
 */
export async function award(
  ctx: AnswerContext,
  points: number,
  onceKey: string,
  description?: string,
): Promise<number> {
  if (points <= 0) return 0;
  const result = await postPoints(
    ctx.db,
    {
      organizationId: ctx.org.id,
      userId: ctx.userId,
      amount: points,
      kind: 'challenge',
      reference: ctx.challenge.id,
      description: description ?? ledgerDescription(ctx.challenge),
      onceKey,
      at: ctx.now,
      earning: 'challenges',
    },
    bestActiveBoost,
  );
  return result.applied ? result.amount : 0;
}

export async function setPointsAwarded(db: Database, challengeId: string, userId: string, points: number) {
  await db
    .updateTable('challengeResponses')
    .set({ pointsAwarded: points })
    .where('challengeId', '=', challengeId)
    .where('userId', '=', userId)
    .execute();
}

/**
 * Records the fan's completed answer and pays it once (once key `challenge:<id>`); the response
 * keeps what was actually paid (a boost may have changed it).
 */
export async function completeAndPay(
  ctx: AnswerContext,
  answer: { optionIndex?: number; score?: number },
  points: number,
  description?: string,
) {
  const { db, challenge, userId, now } = ctx;
  const response = await db
    .insertInto('challengeResponses')
    .values({
      organizationId: ctx.org.id,
      challengeId: challenge.id,
      userId,
      status: 'completed',
      ...answer,
      pointsAwarded: points,
      createdAt: now,
      completedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const paid = await award(ctx, points, `challenge:${challenge.id}`, description);
  if (paid !== points) await setPointsAwarded(db, challenge.id, userId, paid);
  // The row as it stands at commit (what was actually paid), for presenting the answer.
  return { paid, response: { ...response, pointsAwarded: paid } };
}
