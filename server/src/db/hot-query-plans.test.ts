import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

/**
 * Every query of the race-day hot paths (docs/benchmark.md) can be answered through an index,
 * so its cost does not grow with the number of fans (issue: 100,000 fans within 20 % of 1,000).
 * Sequential scans are switched off for the EXPLAIN: a plan that still scans a table has no
 * index it could use, whatever the table's size. The statements mirror the services' queries.
 */
const t = useTestApp();

const ORG = '00000000-0000-4000-8000-000000000001';
const FAN = '00000000-0000-4000-8000-000000000002';
const A = '00000000-0000-4000-8000-000000000003';
const B = '00000000-0000-4000-8000-000000000004';

const HOT_QUERIES: Record<string, string> = {
  'organization by publishable key (every call)': `select * from organizations where publishable_key = 'pk_x'`,
  // Batched: the sessions of the first calls that arrived together, as one array (session-lookups.ts).
  "session checks (a fan's first call in 5 s)": `select id, user_id, access_token_digest from sessions where id = any(array['${A}', '${B}']::uuid[])`,
  'throttle counters (every throttled call, batched)': `insert into rate_limit_counters (key, window_start, count) select * from unnest(array['checkin:ip:x']::text[], array[1]::bigint[], array[1]::int[]) on conflict (key) do update set count = rate_limit_counters.count + excluded.count returning key, count`,
  'the fan (every write locks it)': `select * from users where id = '${FAN}' and organization_id = '${ORG}' for update`,
  // Batched: the fans whose reads arrived together, in one statement (fan-accounts.ts).
  'the fans’ profiles (GET /user/me)': `select id, email, points, organization_id from users where id in ('${FAN}', '${A}') and organization_id in ('${ORG}')`,
  'ranks (GET /user/me)': `select code, name, min_points from ranks where organization_id = '${ORG}' order by min_points`,
  // Batched: a lateral page per (organization, fan, length) whose reads arrived together (ledger-queries.ts).
  'the fans’ first ledger pages (GET /user/me/transactions)': `select r.user_id, t.page from (values ('${ORG}'::uuid, '${FAN}'::uuid, 21), ('${ORG}'::uuid, '${A}'::uuid, 21)) as r (organization_id, user_id, lines) cross join lateral (select coalesce(json_agg(json_build_object('id', l.id, 'amount', l.amount) order by l.created_at desc, l.id desc), '[]')::text as page from (select id, amount, created_at from point_transactions where point_transactions.organization_id = r.organization_id and point_transactions.user_id = r.user_id order by created_at desc, id desc limit r.lines) l) t`,
  'ledger page after a cursor (GET /user/me/transactions)': `select * from point_transactions t where t.organization_id = '${ORG}' and t.user_id = '${FAN}' and (t.created_at, t.id) < (select created_at, id from point_transactions where id = '${A}') order by t.created_at desc, t.id desc limit 21`,
  'ledger once-only check (every award)': `select id from point_transactions where user_id = '${FAN}' and once_key = 'checkin:2026-11-23'`,
  'last check-in (POST /checkin)': `select day, streak from checkins where organization_id = '${ORG}' and user_id = '${FAN}' order by day desc limit 1`,
  'a check-in later than the day read (POST /checkin’s guarded insert)': `select id from checkins where organization_id = '${ORG}' and user_id = '${FAN}' and day > coalesce('2026-11-22'::date, '-infinity'::date)`,
  // Batched: a lateral limit 1 per (organization, fan) whose reads arrived together (checkin-last.ts).
  'the fans’ last check-ins (GET /checkin)': `select r.user_id, c.day, c.streak from (values ('${ORG}'::uuid, '${FAN}'::uuid), ('${ORG}'::uuid, '${A}'::uuid)) as r (organization_id, user_id) cross join lateral (select day, streak from checkins where checkins.organization_id = r.organization_id and checkins.user_id = r.user_id order by day desc limit 1) c`,
  'visible challenges (GET /challenge)': `select * from challenges where organization_id = '${ORG}' and archived_at is null and visible_from <= now() order by visible_from desc, id`,
  'options and questions (GET /challenge)': `select * from challenge_options where challenge_id in ('${A}', '${B}') order by order_index`,
  // Batched: the fans whose reads arrived together, in one statement (challenge-fan-answers.ts).
  'the fans’ responses and trivia answers (GET /challenge)': `select user_id, challenge_id, null::uuid as question_id from challenge_responses where user_id in ('${FAN}', '${A}') and challenge_id in ('${A}', '${B}') union all select user_id, challenge_id, question_id from trivia_answers where user_id in ('${FAN}', '${A}') and challenge_id in ('${A}', '${B}')`,
  // With the snapshot they saw, so answers committed later are added exactly once (challenge-votes.ts).
  'poll votes (GET /challenge, cached 1 s)': `select s.snapshot, c.challenge_id, c.option_index, c.votes from (select pg_current_snapshot()::text as snapshot) s left join lateral (select challenge_id, option_index, count(*) as votes from challenge_responses where challenge_id in ('${A}', '${B}') and status = 'completed' group by challenge_id, option_index) c on true`,
  'trivia votes and answerers (GET /challenge, cached 1 s)': `select s.snapshot, c.challenge_id, c.question_id, c.option_index, c.votes, c.fans from (select pg_current_snapshot()::text as snapshot) s left join lateral (select challenge_id, question_id, option_index, count(*) as votes, count(distinct user_id) as fans from trivia_answers where challenge_id in ('${A}', '${B}') group by grouping sets ((challenge_id, question_id, option_index), (challenge_id))) c on true`,
  'sweepstakes (GET /sweepstake)': `select * from sweepstakes where organization_id = '${ORG}'`,
  // Batched: the fans whose reads arrived together, in one statement (sweepstake-fan-entries.ts).
  'the fans’ entries (GET /sweepstake)': `select e.organization_id, e.user_id, e.sweepstake_id, e.count, e.entrant, f.user_id as free_user from sweepstake_entries e left join sweepstake_free_entries f on f.sweepstake_id = e.sweepstake_id and f.user_id = e.user_id where e.user_id in ('${FAN}', '${A}') and e.sweepstake_id in ('${A}', '${B}') and e.organization_id in ('${ORG}')`,
  'entry totals (GET /sweepstake, cached 1 s)': `select sweepstake_id, sum(count), count(*) from sweepstake_entries where sweepstake_id in ('${A}', '${B}') group by sweepstake_id`,
  'active boosts (every award)': `select * from boosts where organization_id = '${ORG}' and (user_id is null or user_id = '${FAN}') and earning in ('checkin', 'all') and starts_at <= now() and ends_at > now()`,
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? '?'] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

describe('hot query plans', () => {
  it.each(Object.entries(HOT_QUERIES))('%s reads through an index', async (_name, statement) => {
    const scanned = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{
        'QUERY PLAN': unknown;
      }>`explain (format json) ${sql.raw(statement)}`.execute(trx);
      const raw = rows[0]?.['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      return seqScans(plan[0]!.Plan);
    });
    expect(scanned).toEqual([]);
  });
});
