import { type Kysely, sql } from 'kysely';

/**
 * The rows of a fan's board as a function (decision 025, "one statement per read"). The one SQL
 * statement that read them was planned on every request: with its dozen index scans, planning
 * cost more PostgreSQL CPU than running it (pgbench, one client, 100,000 fans: 5.9 ms a read).
 * PL/pgSQL keeps each statement's plan for the life of the connection (1.5 ms a read).
 *
 * force_generic_plan: the plans must not depend on the arguments. The custom plans a call would
 * otherwise get (the planner rarely trusts a generic plan whose LIMIT it cannot see) are planned
 * again on every call, which is the cost this function removes; every statement here is an index
 * scan of (organization_id, period, points desc, reached_at, user_id) whatever the arguments.
 * STABLE: every statement sees the caller's snapshot, so the head, the fan's row, its tie count
 * and the neighbours are one consistent board, as in one statement.
 *
 * Rows: `top` 1..top_n, then `me` (with `tied`, the fans on the same total who reached it
 * first), `above` and `below` nearest first (`ord` 1 = next to the fan). The caller joins the
 * public identities (leaderboard-read.ts); ROWS 110 tells its planner how few rows come.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function leaderboard_read(org uuid, board text, fan uuid, top_n integer, around_n integer)
    returns table (part text, ord bigint, user_id uuid, points integer, tied bigint)
    language plpgsql stable rows 110
    set plan_cache_mode = force_generic_plan as $$
    #variable_conflict use_column
    declare
      mine record;
    begin
      return query
        select 'top', b.ord, b.user_id, b.points, null::bigint
        from (
          select s.user_id, s.points,
            row_number() over (order by s.points desc, s.reached_at, s.user_id) as ord
          from leaderboard_scores s
          where s.organization_id = org and s.period = board
          order by s.points desc, s.reached_at, s.user_id
          limit top_n
        ) b;

      select s.points, s.reached_at into mine from leaderboard_scores s
        where s.organization_id = org and s.period = board and s.user_id = fan;
      if not found then return; end if;

      return query
        select 'me', 1::bigint, fan, mine.points, count(*) from leaderboard_scores t
        where t.organization_id = org and t.period = board and t.points = mine.points
          and (t.reached_at, t.user_id) < (mine.reached_at, fan);

      -- Each side: the same total on the near side of the tie-break, then the next totals.
      return query
        select 'above', b.ord, b.user_id, b.points, null::bigint
        from (
          select a.user_id, a.points,
            row_number() over (order by a.tied_first, a.points, a.reached_at desc, a.user_id desc) as ord
          from (
            (select 0 as tied_first, s.user_id, s.points, s.reached_at from leaderboard_scores s
             where s.organization_id = org and s.period = board and s.points = mine.points
               and (s.reached_at, s.user_id) < (mine.reached_at, fan)
             order by s.reached_at desc, s.user_id desc limit around_n)
            union all
            (select 1, s.user_id, s.points, s.reached_at from leaderboard_scores s
             where s.organization_id = org and s.period = board and s.points > mine.points
             order by s.points, s.reached_at desc, s.user_id desc limit around_n)
          ) a
        ) b
        where b.ord <= around_n;

      return query
        select 'below', b.ord, b.user_id, b.points, null::bigint
        from (
          select a.user_id, a.points,
            row_number() over (order by a.tied_first, a.points desc, a.reached_at, a.user_id) as ord
          from (
            (select 0 as tied_first, s.user_id, s.points, s.reached_at from leaderboard_scores s
             where s.organization_id = org and s.period = board and s.points = mine.points
               and (s.reached_at, s.user_id) > (mine.reached_at, fan)
             order by s.reached_at, s.user_id limit around_n)
            union all
            (select 1, s.user_id, s.points, s.reached_at from leaderboard_scores s
             where s.organization_id = org and s.period = board and s.points < mine.points
             order by s.points desc, s.reached_at, s.user_id limit around_n)
          ) a
        ) b
        where b.ord <= around_n;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function leaderboard_read(uuid, text, uuid, integer, integer)`.execute(db);
}
