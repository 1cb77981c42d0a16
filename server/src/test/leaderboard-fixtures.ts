import { sql } from 'kysely';
import type { Organization } from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

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
  const { rows } = await sql<{ id: string }>`
    insert into users (organization_id, email, username, birthday, referral_code)
    select ${org.id}, 'seed-' || ${tag} || '-' || i || '@example.com', 'seed_' || ${tag} || '_' || i,
           '1990-01-01', 'S' || ${tag} || i
    from generate_series(1, ${count}::int) as i
    returning id`.execute(t.db);
  await sql`
    insert into point_transactions (organization_id, user_id, amount, kind, description, created_at)
    select ${org.id}, u.id, ${sql.raw(points)}, 'challenge', 'seed line',
           ${new Date(at)}::timestamptz + (u.i * interval '1 millisecond')
    from (select id, (regexp_replace(email, '^seed-[a-z0-9]+-([0-9]+)@.*$', '\\1'))::int as i
          from users where email like ${`seed-${tag}-%`}) u`.execute(t.db);
  return rows.map((r) => r.id);
}
