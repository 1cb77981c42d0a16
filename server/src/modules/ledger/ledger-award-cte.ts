import { type Expression, type QueryCreator, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * An award written inside its caller's statement (decision 039): the caller's own record (a
 * poll's response) and the ledger line with the balance change commit in one round trip instead
 * of two. The ledger still owns every write to the ledger and the balances (decision 005): the
 * caller names, as a CTE `awarded`, the amount its record decided, and this adds the line and
 * the balance after it. What follows the write (the duplicate case, the fan's live event, the
 * award hooks) is the caller's call to `awardPostedInStatement` (ledger-service.ts), the same
 * bookkeeping postPoints does.
 */

/** The CTE a caller's statement provides: one row, the amount to award (0 or less: none). */
export interface AwardedCte {
  awarded: { amount: number };
}

/** What the award CTEs add for the caller's final select. */
export interface LedgerAwardCtes {
  ledgerLine: { id: string; amount: number };
  ledgerBalance: { points: number; lifetimePoints: number };
}

/** The line's words and keys; each is a compiledStatement placeholder of the caller's statement. */
export interface AwardLineValues {
  organizationId: unknown;
  userId: unknown;
  kind: unknown;
  reference: unknown;
  description: unknown;
  onceKey: unknown;
}

/**
 * Adds `ledgerLine` (the award's ledger row; none when `awarded.amount` is not positive or the
 * once key was already paid) and `ledgerBalance` (the fan's balance after it; none without a
 * line) to the caller's statement. The caller holds the fan's row lock (the answer's first
 * statement), as every award does. Only awards: a spend's overdraft guard stays in postPoints.
 */
export function withLedgerAward<D extends DB & AwardedCte>(qc: QueryCreator<D>, v: AwardLineValues) {
  // Kysely cannot follow a generic schema through its builders: the CTEs are typed on the
  // concrete one, and the caller gets its own schema back with the two CTEs added.
  const q = qc as unknown as QueryCreator<DB & AwardedCte>;
  const built = q
    .with('ledgerLine', (qb) =>
      qb
        .insertInto('pointTransactions')
        .columns(['organizationId', 'userId', 'amount', 'kind', 'reference', 'description', 'onceKey'])
        .expression((eb) =>
          eb
            .selectFrom('awarded')
            .select([
              // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
              sql<string>`${v.organizationId}::uuid`.as('organizationId'),
              sql<string>`${v.userId}::uuid`.as('userId'),
              'awarded.amount',
              sql<string>`${v.kind}::text`.as('kind'),
              sql<string | null>`${v.reference}::text`.as('reference'),
              sql<string>`${v.description}::text`.as('description'),
              sql<string | null>`${v.onceKey}::text`.as('onceKey'),
            ])
            .where('awarded.amount', '>', sql.lit(0)),
        )
        .onConflict((oc) => oc.columns(['userId', 'onceKey']).where('onceKey', 'is not', null).doNothing())
        .returning(['id', 'amount']),
    )
    .with('ledgerBalance', (qb) =>
      qb
        .updateTable('users')
        .set((eb) => ({
          points: eb('points', '+', eb.selectFrom('ledgerLine').select('ledgerLine.amount')),
          lifetimePoints: eb('lifetimePoints', '+', eb.selectFrom('ledgerLine').select('ledgerLine.amount')),
        }))
        .where('id', '=', v.userId as string)
        .where('organizationId', '=', v.organizationId as string)
        .where((eb) => eb.exists(eb.selectFrom('ledgerLine').select('ledgerLine.id')))
        .returning(['points', 'lifetimePoints']),
    );
  return built as unknown as QueryCreator<D & LedgerAwardCtes>;
}

/**
 * boostedAmount (ledger-service.ts) in SQL, for a record that stores what it pays: the same
 * IEEE double product JavaScript computes, rounded half up as Math.round does, at least 1 for a
 * positive amount; a multiplier of 1 (no boost) keeps the amount. Zero and less pass unchanged.
 * `multiplier` is a placeholder given the JavaScript number itself.
 */
export function boostedAmountSql(amount: Expression<number>, multiplier: unknown) {
  return sql<number>`(case when ${amount} > 0 then greatest(1, floor(${amount}::float8 * ${multiplier}::float8 + 0.5))::int else ${amount} end)`;
}
