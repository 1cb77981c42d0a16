import { sql } from 'kysely';
import type { Database } from '../src/db/engine.ts';

/** How many fans the check read, and how many of their balances differ from their ledger. */
export interface Invariant {
  fans: number;
  mismatched: number;
}

/**
 * Decision 005's invariant, checked after every run: each fan's balance equals the sum of their
 * ledger rows. One aggregate pass over the ledger (not a subquery per fan) so it stays quick at
 * 100,000 fans and two million rows.
 */
export async function checkLedgerInvariant(db: Database, organizationId: string): Promise<Invariant> {
  const { rows } = await sql<{ fans: number; mismatched: number }>`
    select count(*)::int as fans,
           count(*) filter (where u.points <> coalesce(t.total, 0))::int as mismatched
    from users u
    left join (select user_id, sum(amount) as total from point_transactions
               where organization_id = ${organizationId} group by user_id) t on t.user_id = u.id
    where u.organization_id = ${organizationId}`.execute(db);
  return rows[0] ?? { fans: 0, mismatched: 0 };
}
