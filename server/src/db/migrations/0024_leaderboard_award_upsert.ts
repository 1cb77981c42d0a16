import { type Kysely, sql } from 'kysely';

/**
 * Decision 025, amendment of 2026-11-28: an award reaches the boards in one statement. Every
 * ledger line fires this trigger, and on race day nearly every line is an award. It used to run
 * five statements for one: the organization's time zone, its season start, then an update (and,
 * for a fan new to the period, an insert) per board, week and season, each through a function
 * call, plus the weekends' loop. PostgreSQL's profile of first check-ins put this PL/pgSQL at
 * about a fifth of the database's time. Now an award is one upsert of the week, the season and
 * any weekend under way, with the zone and the season start joined in. A line that takes points
 * back (a reversal or an adjustment below zero) keeps the board-by-board path, which drops a fan
 * whose total reaches nothing.
 */
/** Migration 0010's board-by-board body: a line taking points back still runs it (and `down` restores it). */
const BOARD_BY_BOARD = sql.raw(`
      select time_zone into tz from organizations where id = new.organization_id;
      select season_starts_on into starts from leaderboard_settings where organization_id = new.organization_id;
      perform leaderboard_add(new.organization_id, leaderboard_week(new.created_at, tz), new.user_id, new.amount, new.created_at);
      perform leaderboard_add(new.organization_id, leaderboard_season(new.created_at, tz, starts), new.user_id, new.amount, new.created_at);
      for w in select id from leaderboard_weekends
        where organization_id = new.organization_id and starts_at <= new.created_at and ends_at > new.created_at
      loop
        perform leaderboard_add(new.organization_id, 'weekend:' || w.id, new.user_id, new.amount, new.created_at);
      end loop;
      return null;`);

/** The trigger function with `award`, the statements an award runs, before the board-by-board body. */
const triggerFunction = (award: ReturnType<typeof sql.raw>) => sql`
    create or replace function leaderboard_on_ledger_line() returns trigger language plpgsql as $$
    declare
      tz text;
      starts date;
      w record;
    begin
      if not leaderboard_counts(new.amount, new.kind) then return null; end if;${award}${BOARD_BY_BOARD}
    end $$;
  `;

export async function up(db: Kysely<unknown>): Promise<void> {
  await triggerFunction(
    sql.raw(`
      if new.amount > 0 then
        insert into leaderboard_scores as score (organization_id, period, user_id, points, reached_at)
          select new.organization_id, board.period, new.user_id, new.amount, new.created_at
          from organizations org
          left join leaderboard_settings settings on settings.organization_id = org.id
          cross join lateral (
            select leaderboard_week(new.created_at, org.time_zone)
            union all
            select leaderboard_season(new.created_at, org.time_zone, settings.season_starts_on)
            union all
            select 'weekend:' || weekend.id from leaderboard_weekends weekend
              where weekend.organization_id = new.organization_id
                and weekend.starts_at <= new.created_at and weekend.ends_at > new.created_at
          ) as board (period)
          where org.id = new.organization_id
          on conflict (organization_id, period, user_id)
          do update set points = score.points + excluded.points, reached_at = excluded.reached_at;
        return null;
      end if;`),
  ).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await triggerFunction(sql.raw('')).execute(db);
}
