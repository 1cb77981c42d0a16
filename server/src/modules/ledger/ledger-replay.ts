import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { LedgerEntry } from './ledger-service.ts';

/** A ledger line that already happened: the award or spend of a replayed season, dated `at`. */
export interface DatedLedgerEntry extends Omit<LedgerEntry, 'at' | 'earning'> {
  at: Date;
}

const CHUNK = 1000;

/**
 * Posts many already-decided lines at once, each dated when it happened (the demo season a
 * first start replays, decision 005: the ledger stays the only way points move). Same invariant
 * as postPoints: the lines and the balance change commit together in the caller's transaction,
 * and a balance that would end below zero refuses the whole batch. No boosts, live events or
 * award hooks: nobody watches a replay, and the amounts are final. Lines should come oldest
 * first, so a leaderboard total's `reached_at` (decision 025) is its last line's date.
 */
export async function postDatedLines(trx: Database, entries: DatedLedgerEntry[]): Promise<void> {
  const deltas = new Map<string, { organizationId: string; delta: number; earned: number }>();
  for (const e of entries) {
    if (!Number.isInteger(e.amount) || e.amount === 0) {
      throw new Error(`Ledger amounts are non-zero integers, got ${e.amount}`);
    }
    const d = deltas.get(e.userId) ?? { organizationId: e.organizationId, delta: 0, earned: 0 };
    d.delta += e.amount;
    if (e.amount > 0) d.earned += e.amount;
    deltas.set(e.userId, d);
  }
  for (let i = 0; i < entries.length; i += CHUNK) {
    await trx
      .insertInto('pointTransactions')
      .values(
        entries.slice(i, i + CHUNK).map((e) => ({
          organizationId: e.organizationId,
          userId: e.userId,
          amount: e.amount,
          kind: e.kind,
          reference: e.reference ?? null,
          description: e.description,
          onceKey: e.onceKey ?? null,
          createdAt: e.at,
        })),
      )
      .execute();
  }
  const rows = [...deltas.entries()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map(
        ([userId, d]) => sql`(${userId}::uuid, ${d.organizationId}::uuid, ${d.delta}::int, ${d.earned}::int)`,
      );
    const updated = await sql<{ id: string }>`
      update users u
        set points = u.points + d.delta, lifetime_points = u.lifetime_points + d.earned
        from (values ${sql.join(values)}) as d(id, organization_id, delta, earned)
        where u.id = d.id and u.organization_id = d.organization_id and u.points + d.delta >= 0
        returning u.id`.execute(trx);
    if (updated.rows.length !== values.length) {
      throw new Error('A replayed ledger batch would leave a balance below zero or names an unknown fan');
    }
  }
}
