import { sql } from 'kysely';
import type { Organization } from '../db/schema.ts';
import { expect, vi } from 'vitest';
import { TOP_PAGE_TTL_MS } from '../modules/leaderboard/leaderboard-top.ts';
import { apiCallAtClock, onRealPostgres, type TestContext, type TestFan } from './test-app.ts';

/**
 * A ledger line written at a chosen instant, straight into point_transactions: the board's
 * trigger (migration 0010) sees it exactly as it sees a line the ledger posts. The balance
 * columns are not touched; leaderboard tests read boards, not balances.
 */
export async function ledgerLine(
  t: TestContext,
  org: Organization,
  userId: string,
  amount: number,
  at: string | Date,
  kind = 'challenge',
) {
  await sql`
    insert into point_transactions (organization_id, user_id, amount, kind, description, created_at)
    values (${org.id}, ${userId}, ${amount}, ${kind}, 'test line', ${new Date(at)})`.execute(t.db);
}

/**
 * `count` fans seeded in SQL, fan i earning `points(i)` at `at` + i milliseconds (so the
 * earlier-numbered fan reached an equal total first). Answers their ids in seed order.
 */
export async function seedFans(
  t: TestContext,
  org: Organization,
  count: number,
  points: string,
  at: string,
): Promise<string[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  return t.db.transaction().execute(async (trx) => {
    // Seeding thousands of rows is bulk work, not a request: no per-statement limit for it.
    if (onRealPostgres) await sql`set local statement_timeout = 0`.execute(trx);
    const { rows } = await sql<{ id: string }>`
      with fans as (
        insert into users (organization_id, email, username, birthday, referral_code)
        select ${org.id}, 'seed-' || ${tag} || '-' || i || '@example.com', 'seed_' || ${tag} || '_' || i,
               '1990-01-01', 'S' || ${tag} || '-' || i
        from generate_series(1, ${count}::int) as i
        returning id, split_part(referral_code, '-', 2)::int as i
      ), lines as (
        insert into point_transactions (organization_id, user_id, amount, kind, description, created_at)
        select ${org.id}, u.id, ${sql.raw(points)}, 'challenge', 'seed line',
               ${new Date(at)}::timestamptz + (u.i * interval '1 millisecond')
        from fans u
      )
      select id from fans order by i`.execute(trx);
    return rows.map((r) => r.id);
  });
}

/** A board as the fan reads it (GET /api/leaderboard/{name}), which must answer 200. */
export async function board(t: TestContext, fan: TestFan, name: string) {
  const res = await apiCallAtClock(t, fan, 'GET', `/api/leaderboard/${name}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

let skew = 0;

/**
 * Moves this process's monotonic clock (performance.now) on by the top page's bound
 * (leaderboard-top.ts): the next board read is what any fan sees at most that long after. The
 * skew only grows, so no cached page ever looks younger than it is.
 */
export function afterTopPageBound() {
  if (skew === 0) {
    const realNow = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => realNow() + skew);
  }
  skew += TOP_PAGE_TTL_MS;
}
