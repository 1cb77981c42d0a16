import { type Insertable, sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { PointTransactionsTable } from './ledger-tables.ts';
import { unprocessable } from '../../platform/errors.ts';
import { ledgerPosts } from '../../platform/metrics.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import { runAwardHooks } from './ledger-hooks.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { withLedgerPost } from './ledger-ctes.ts';

/** The kinds of earning a boost can multiply (product §12.2); 'all' boosts match every one. */
export type Earning = 'challenges' | 'content' | 'checkin';

export interface LedgerEntry {
  organizationId: string;
  userId: string;
  /** Positive to award, negative to spend or reverse. Never zero. */
  amount: number;
  /** What moved the points: challenge, checkin, video_view, sweepstake_entry, reversal, adjustment… */
  kind: string;
  /** The object it is about (challenge id, sweepstake id…), for support and reports. */
  reference?: string | null;
  /** Human-readable line the fan sees in their history. */
  description: string;
  /**
   * Once-only awards carry a key unique per fan (e.g. `video:<id>`). A retry or a concurrent
   * duplicate then posts nothing and reports `applied: false` instead of paying twice.
   */
  onceKey?: string | null;
  /**
   * The server clock's now (`app.deps.clock.now()`), never the database's: boost windows are
   * judged with it. Together with `earning` (and a boost lookup) it makes a positive award
   * boostable (product §12.2).
   */
  at?: Date;
  /** The kind of earning, matched against boosts for that kind or for 'all'. */
  earning?: Earning;
}

/** The boost that multiplied an award; `label` is appended to the fan's ledger line. */
export interface AppliedBoost {
  id: string;
  name: string;
  multiplier: number;
  label: string;
}

/**
 * Finds the boost for one award (the rewards module's bestActiveBoost). The ledger knows
 * nothing of boosts itself: an earning caller passes the lookup, every other caller passes
 * none and keeps its exact amounts.
 */
export type BoostLookup = (
  trx: Database,
  award: { organizationId: string; userId: string; earning: Earning; at: Date },
) => Promise<AppliedBoost | null>;

export interface PostResult {
  applied: boolean;
  /** The fan's spendable balance after the call. */
  points: number;
  lifetimePoints: number;
  transactionId: string | null;
  /** The amount actually posted (after a boost); 0 when nothing was posted. */
  amount: number;
  /** The boost that multiplied this award, or null. */
  boost: AppliedBoost | null;
}

/** What an award becomes under a boost (product §12.2); a preview must predict exactly this. */
export function boostedAmount(amount: number, boost: Pick<AppliedBoost, 'multiplier'> | null): number {
  return boost ? Math.max(1, Math.round(amount * boost.multiplier)) : amount;
}

/**
 * The only way points move (decision 005). Must run inside the caller's transaction so
 * the ledger row and the balance change commit together. The balance update carries the
 * guard `points + amount >= 0`: under concurrency the row lock serialises spends and the
 * re-checked guard refuses the one that would overdraw (422 insufficient_points).
 */
export async function postPoints(
  trx: Database,
  entry: LedgerEntry,
  boostLookup?: BoostLookup,
): Promise<PostResult> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) {
    throw new Error(`Ledger amounts are non-zero integers, got ${entry.amount}`);
  }
  // Product §12.2: only an award that says when and what it is for can be boosted, so every caller
  // that passes neither keeps its exact amounts. The best boost wins; boosts never stack.
  const boost = entry.amount > 0 ? await awardBoost(trx, entry, boostLookup) : null;
  const amount = boostedAmount(entry.amount, boost);
  // The ledger line as posted: stored as is, and told to the award hooks once it is applied.
  const line = {
    organizationId: entry.organizationId,
    userId: entry.userId,
    amount,
    kind: entry.kind,
    reference: entry.reference ?? null,
    description: boostedDescription(entry.description, boost),
  };
  const posted = await postLine(trx, line, entry.onceKey ?? null);
  if (!posted.transactionId) {
    ledgerPosts.inc({ result: 'duplicate' });
    return { applied: false, ...posted.balance, transactionId: null, amount: 0, boost: null };
  }
  const updated = posted.updated;
  if (!updated) {
    ledgerPosts.inc({ result: 'refused' });
    throw unprocessable('insufficient_points', 'You do not have enough points for this');
  }
  await announcePosted(trx, line, updated, entry.at);
  ledgerPosts.inc({ result: 'applied' });
  return { applied: true, ...updated, transactionId: posted.transactionId, amount, boost };
}

/** The boost an award would get (null for a caller that gives no time, kind or lookup). */
export async function awardBoost(
  trx: Database,
  entry: Pick<LedgerEntry, 'organizationId' | 'userId' | 'at' | 'earning'>,
  boostLookup?: BoostLookup,
): Promise<AppliedBoost | null> {
  if (!entry.at || !entry.earning || !boostLookup) return null;
  return boostLookup(trx, {
    organizationId: entry.organizationId,
    userId: entry.userId,
    earning: entry.earning,
    at: entry.at,
  });
}

/** The fan's ledger line under a boost: the boost's label appended (product §12.2). */
export function boostedDescription(description: string, boost: AppliedBoost | null): string {
  return boost ? `${description} ${boost.label}` : description;
}

/**
 * What every applied award does after its line and balance are written, whichever statement
 * wrote them (postPoints, or a line inside its caller's statement, ledger-ctes.ts):
 * the fan's live event after commit and the award hooks, inside the transaction.
 */
export async function announcePosted(
  trx: Database,
  line: LedgerLine,
  updated: { points: number; lifetimePoints: number },
  at: Date | undefined,
): Promise<void> {
  if (line.amount <= 0) return;
  const reference = line.reference ?? null;
  // The fan's own live channel (decision 012): what their history and balance already show.
  publishAfterCommit(trx, {
    organizationId: line.organizationId,
    topic: `fan:${line.userId}`,
    event: 'points_awarded',
    payload: {
      amount: line.amount,
      reason: line.kind,
      description: line.description,
      reference,
      points: updated.points,
      lifetimePoints: updated.lifetimePoints,
    },
  });
  await runAwardHooks(trx, {
    ...line,
    reference,
    points: updated.points,
    lifetimePoints: updated.lifetimePoints,
    previousLifetimePoints: updated.lifetimePoints - line.amount,
    at,
  });
}

/**
 * The bookkeeping of a line its caller wrote inside its own statement (ledger-ctes.ts, decision
 * 039), from what that statement's `ledgerLine` and `ledgerBalance` answered: the same outcome,
 * counters, refusal, live event and hooks as postPoints. `line.amount` is the amount the caller's
 * statement decided (an award after its boost); nothing was due when it is 0. A refused
 * overdraft throws 422 insufficient_points, which rolls the caller's transaction back.
 */
export async function ledgerPostedInStatement(
  trx: Database,
  line: LedgerLine,
  written: { transactionId: string | null; points: number | null; lifetimePoints: number | null },
  at?: Date,
): Promise<{ applied: boolean; amount: number; points: number | null }> {
  const none = { applied: false, amount: 0, points: null };
  if (line.amount === 0) return none;
  const { transactionId, points, lifetimePoints } = written;
  if (!transactionId) {
    ledgerPosts.inc({ result: 'duplicate' });
    return none;
  }
  if (points == null || lifetimePoints == null) {
    // The statement's overdraft guard (or a fan row gone, which only an award could meet).
    if (line.amount > 0) throw new Error('The awarded fan no longer exists');
    ledgerPosts.inc({ result: 'refused' });
    throw unprocessable('insufficient_points', 'You do not have enough points for this');
  }
  await announcePosted(trx, line, { points, lifetimePoints }, at);
  ledgerPosts.inc({ result: 'applied' });
  return { applied: true, amount: line.amount, points };
}

/** A ledger line as posted (after any boost); its once key travels beside it. */
export type LedgerLine = Omit<Insertable<PointTransactionsTable>, 'onceKey'>;

/**
 * The ledger line and the balance change in one statement, one round trip (decisions 005, 036):
 * the ledger's own CTEs (ledger-ctes.ts, decision 039) fed the amount as a parameter, with the
 * balance as the statement's snapshot has it for the duplicate case. A line whose update was
 * refused comes back without `updated`; the caller throws, which rolls the line back with the
 * transaction, exactly as when the two were separate statements.
 */
async function postLine(trx: Database, line: LedgerLine, onceKey: string | null) {
  const { rows } = await postLineStatement(trx, {
    organizationId: line.organizationId,
    userId: line.userId,
    amount: line.amount,
    kind: line.kind,
    reference: line.reference ?? null,
    description: line.description,
    onceKey,
  });
  const row = rows[0];
  if (!row) throw new Error('The posting fan no longer exists');
  return {
    transactionId: row.transactionId,
    // The statement's snapshot predates its own update: `ledgerBalanceBefore` is the balance before it.
    balance: { points: row.points, lifetimePoints: row.lifetimePoints },
    updated:
      row.newPoints == null || row.newLifetimePoints == null
        ? null
        : { points: row.newPoints, lifetimePoints: row.newLifetimePoints },
  };
}

/** postLine's statement, compiled once: one row, the balance before and what the post wrote. */
const postLineStatement = compiledStatement(
  ['organizationId', 'userId', 'amount', 'kind', 'reference', 'description', 'onceKey'],
  (db, v) =>
    withLedgerPost(
      db.with('ledgerAmount', (qb) => qb.selectNoFrom(sql<number>`${v.amount}::int`.as('amount'))),
      v,
    )
      .selectFrom('ledgerBalanceBefore')
      .leftJoin('ledgerLine', (join) => join.onTrue())
      .leftJoin('ledgerBalance', (join) => join.onTrue())
      .select([
        'ledgerLine.id as transactionId',
        'ledgerBalance.points as newPoints',
        'ledgerBalance.lifetimePoints as newLifetimePoints',
        'ledgerBalanceBefore.points',
        'ledgerBalanceBefore.lifetimePoints',
      ]),
);

/** The fan's spendable and lifetime points, as the ledger last left them. */
export async function balanceOf(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['points', 'lifetimePoints'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/**
 * Locks the balances of these fans for the rest of the transaction (FOR UPDATE) and answers
 * them: a settlement that may reverse awards reads what each fan still holds.
 */
export async function lockBalances(trx: Database, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'points'])
    .where('organizationId', '=', organizationId)
    .where('id', 'in', userIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r.points]));
}
