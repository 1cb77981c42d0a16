import { type Expression, type ExpressionBuilder, type QueryCreator, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * A ledger line written inside its caller's statement (decision 039): the caller's own record
 * (a poll's response, a sweepstake's entries) and the ledger line with the balance change commit
 * in one round trip instead of two. The ledger still owns every write to the ledger and the
 * balances (decision 005): the caller names, as a CTE `ledgerAmount`, the amount its record
 * decided, and this adds the line and the balance after it. What follows the write (a repeated
 * once key, a refused overdraft, the fan's live event, the award hooks) is the caller's call to
 * `ledgerPostedInStatement` (ledger-service.ts), the same bookkeeping postPoints does.
 */

/** The CTE a caller's statement provides: at most one row, the amount to post (0: none). */
export interface LedgerAmountCte {
  ledgerAmount: { amount: number };
}

/** What the ledger's CTEs add for the caller's statement to read. */
export interface LedgerPostCtes {
  ledgerLine: { id: string; amount: number; onceKey: string | null };
  ledgerBalance: { points: number; lifetimePoints: number };
  /** The fan's balance in the statement's snapshot, before its own update (read only if named). */
  ledgerBalanceBefore: { points: number; lifetimePoints: number };
}

/** The line's words and keys; each is a compiledStatement placeholder of the caller's statement. */
export interface LedgerLineValues {
  organizationId: unknown;
  userId: unknown;
  kind: unknown;
  reference: unknown;
  description: unknown;
  onceKey: unknown;
}

/**
 * Adds `ledgerLine` (the ledger row; none for an amount of 0 or a once key already posted) and
 * `ledgerBalance` (the fan's balance after it; none without a line, or when a spend would take
 * the balance below zero) to the caller's statement: postPoints' statement, fed by the caller's
 * `ledgerAmount`. The balance update takes the fan's row lock and PostgreSQL re-checks the
 * overdraft guard on the locked row, as in postPoints. A caller's own write that must not happen
 * without the points (an entry bought) reads `ledgerBalance`; `ledgerBalanceBefore` is the
 * balance when nothing was posted (PostgreSQL runs a plain CTE only when the statement names it).
 */
export function withLedgerPost<D extends DB & LedgerAmountCte>(qc: QueryCreator<D>, v: LedgerLineValues) {
  // Kysely cannot follow a generic schema through its builders: the CTEs are typed on the
  // concrete one, and the caller gets its own schema back with the CTEs added. One line is the
  // several-line post of a single row (PostgreSQL inlines the plain CTE between them).
  const q = qc as unknown as QueryCreator<DB & LedgerAmountCte>;
  const lines = q.with('ledgerAmounts', (qb) =>
    qb
      .selectFrom('ledgerAmount')
      .select([
        'ledgerAmount.amount',
        sql<string | null>`${v.onceKey}::text`.as('onceKey'),
        sql<string>`${v.description}::text`.as('description'),
      ]),
  );
  return withLedgerPosts(lines, v) as unknown as QueryCreator<D & LedgerPostCtes>;
}

/** The CTE a caller's statement provides for several lines: a row per line, in posting order. */
export interface LedgerAmountsCte {
  ledgerAmounts: { amount: number; onceKey: string | null; description: string };
}

/**
 * withLedgerPost for several lines of one fan in one statement (a quiz's answers paid at its
 * completion): the caller's `ledgerAmounts` gives each line's amount, once key and words, the
 * kind and reference are the statement's. `ledgerLine` then holds a row per line that went in
 * (a repeated once key's line does not), and `ledgerBalance` the balance after all of them.
 */
export function withLedgerPosts<D extends DB & LedgerAmountsCte>(
  qc: QueryCreator<D>,
  v: Pick<LedgerLineValues, 'organizationId' | 'userId' | 'kind' | 'reference'>,
) {
  const q = qc as unknown as QueryCreator<DB & LedgerAmountsCte>;
  const withLines = q.with('ledgerLine', (qb) =>
    qb
      .insertInto('pointTransactions')
      .columns(['organizationId', 'userId', 'amount', 'kind', 'reference', 'description', 'onceKey'])
      .expression((eb) =>
        eb
          .selectFrom('ledgerAmounts')
          .select([
            // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
            sql<string>`${v.organizationId}::uuid`.as('organizationId'),
            sql<string>`${v.userId}::uuid`.as('userId'),
            'ledgerAmounts.amount',
            sql<string>`${v.kind}::text`.as('kind'),
            sql<string | null>`${v.reference}::text`.as('reference'),
            'ledgerAmounts.description',
            'ledgerAmounts.onceKey',
          ])
          .where('ledgerAmounts.amount', '<>', sql.lit(0)),
      )
      .onConflict((oc) => oc.columns(['userId', 'onceKey']).where('onceKey', 'is not', null).doNothing())
      .returning(['id', 'amount', 'onceKey']),
  );
  return withBalance(withLines as unknown as LinesWritten, v) as unknown as QueryCreator<D & LedgerPostCtes>;
}

/** A statement that has written its `ledgerLine` (the caller's own CTEs left out of its type). */
type LinesWritten = QueryCreator<DB & Pick<LedgerPostCtes, 'ledgerLine'>>;

/**
 * `ledgerBalance` (the fan's balance after the lines that went in; no row without one, or when a
 * spend would take the balance below zero) and `ledgerBalanceBefore`. The update takes the fan's
 * row lock and PostgreSQL re-checks the overdraft guard on the locked row, as in postPoints.
 */
function withBalance(q: LinesWritten, v: Pick<LedgerLineValues, 'organizationId' | 'userId'>) {
  return q
    .with('ledgerBalance', (qb) =>
      qb
        .updateTable('users')
        .set((eb) => ({
          // The sum of no lines is null: then the guard below is not true and nothing changes.
          points: eb(
            'points',
            '+',
            eb.selectFrom('ledgerLine').select((s) => s.fn.sum<number>('amount').as('sum')),
          ),
          // Only an award adds to lifetime points (the rank ladder's measure).
          lifetimePoints: eb(
            'lifetimePoints',
            '+',
            eb.selectFrom('ledgerLine').select(sql<number>`sum(greatest(amount, 0))`.as('sum')),
          ),
        }))
        .where('id', '=', v.userId as string)
        .where('organizationId', '=', v.organizationId as string)
        .where((eb) =>
          eb(
            eb(
              'points',
              '+',
              eb.selectFrom('ledgerLine').select((s) => s.fn.sum<number>('amount').as('sum')),
            ),
            '>=',
            sql.lit(0),
          ),
        )
        .returning(['points', 'lifetimePoints']),
    )
    .with('ledgerBalanceBefore', (qb) =>
      qb
        .selectFrom('users')
        .select(['points', 'lifetimePoints'])
        .where('id', '=', v.userId as string)
        .where('organizationId', '=', v.organizationId as string),
    );
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

/**
 * True when the line did not post as the caller's statement asked: a line without its balance
 * (a spend the overdraft guard refused, an award to a fan row that is gone) or an amount without
 * its line (the once key was posted before). What follows such a statement must still write or
 * roll back, so a caller whose statement carries its commit refuses to commit then
 * (db/commit-refusal.ts), and runs the long way.
 */
export function ledgerPostNotApplied(
  eb: ExpressionBuilder<DB & LedgerAmountCte & LedgerPostCtes, never>,
): Expression<SqlBool> {
  const line = eb.exists(eb.selectFrom('ledgerLine').select('ledgerLine.id'));
  const amount = eb.exists(
    eb
      .selectFrom('ledgerAmount')
      .select('ledgerAmount.amount')
      .where('ledgerAmount.amount', '<>', sql.lit(0)),
  );
  return eb.or([
    eb.and([line, eb.not(eb.exists(eb.selectFrom('ledgerBalance').select('ledgerBalance.points')))]),
    eb.and([amount, eb.not(line)]),
  ]);
}
