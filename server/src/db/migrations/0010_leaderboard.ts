import { type Kysely, sql } from 'kysely';

/**
 * Leaderboards from the ledger (decision 015, as built in decision 025): a per-period total per
 * fan, kept by a trigger on point_transactions so it changes in the same transaction as the
 * ledger line whatever code path posts it, and backfilled here from the ledger already written.
 *
 * Periods are text keys: `season:YYYY-MM-DD` (the season's first day), `week:YYYY-MM-DD` (the
 * Monday, in the organization's time zone) and `weekend:<window id>` (an operator's race-weekend
 * window). A line counts when it earns (amount > 0) or takes an earning back (a reversal or a
 * negative operator adjustment); spending never lowers a total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table leaderboard_settings (
      organization_id uuid primary key references organizations(id) on delete cascade,
      -- The first day of the current season, in the organization's time zone.
      season_starts_on date not null,
      updated_at timestamptz not null default now()
    );

    create table leaderboard_weekends (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      name text not null check (length(name) between 1 and 80),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at)
    );
    create index leaderboard_weekends_by_start on leaderboard_weekends (organization_id, starts_at desc);

    create table leaderboard_scores (
      organization_id uuid not null references organizations(id) on delete cascade,
      period text not null,
      user_id uuid not null references users(id) on delete cascade,
      points integer not null check (points > 0),
      -- When the fan reached this total: the earlier of two equal totals ranks first.
      reached_at timestamptz not null,
      primary key (organization_id, period, user_id)
    );
    -- The board's order; "top 100" reads its head, "position of fan X" counts the entries ahead.
    create index leaderboard_scores_rank
      on leaderboard_scores (organization_id, period, points desc, reached_at, user_id);

    -- Product setting (decision 025): a fan may leave the public boards (shown as "Fan #…").
    alter table users add column leaderboard_visible boolean not null default true;
  `.execute(db);

  await sql`
    create function leaderboard_counts(amount integer, kind text) returns boolean
    language sql immutable as $$
      select amount > 0 or kind in ('reversal', 'adjustment')
    $$;

    create function leaderboard_week(at timestamptz, tz text) returns text
    language sql stable as $$
      select 'week:' || to_char(date_trunc('week', at at time zone tz)::date, 'YYYY-MM-DD')
    $$;

    create function leaderboard_season(at timestamptz, tz text, starts date) returns text
    language sql stable as $$
      select 'season:' || to_char(
        case when starts is not null and (at at time zone tz)::date >= starts then starts
             else date_trunc('year', at at time zone tz)::date end,
        'YYYY-MM-DD')
    $$;

    create function leaderboard_add(org uuid, key text, fan uuid, delta integer, at timestamptz)
    returns void language plpgsql as $$
    begin
      update leaderboard_scores set points = points + delta, reached_at = at
        where organization_id = org and period = key and user_id = fan and points + delta > 0;
      if found then return; end if;
      if delta > 0 then
        insert into leaderboard_scores (organization_id, period, user_id, points, reached_at)
          values (org, key, fan, delta, at)
          on conflict (organization_id, period, user_id)
          do update set points = leaderboard_scores.points + excluded.points, reached_at = excluded.reached_at;
      else
        -- Taken back to nothing: off the board.
        delete from leaderboard_scores where organization_id = org and period = key and user_id = fan;
      end if;
    end $$;

    create function leaderboard_on_ledger_line() returns trigger language plpgsql as $$
    declare
      tz text;
      starts date;
      w record;
    begin
      if not leaderboard_counts(new.amount, new.kind) then return null; end if;
      select time_zone into tz from organizations where id = new.organization_id;
      select season_starts_on into starts from leaderboard_settings where organization_id = new.organization_id;
      perform leaderboard_add(new.organization_id, leaderboard_week(new.created_at, tz), new.user_id, new.amount, new.created_at);
      perform leaderboard_add(new.organization_id, leaderboard_season(new.created_at, tz, starts), new.user_id, new.amount, new.created_at);
      for w in select id from leaderboard_weekends
        where organization_id = new.organization_id and starts_at <= new.created_at and ends_at > new.created_at
      loop
        perform leaderboard_add(new.organization_id, 'weekend:' || w.id, new.user_id, new.amount, new.created_at);
      end loop;
      return null;
    end $$;

    create trigger leaderboard_scores_follow_ledger
      after insert on point_transactions
      for each row execute function leaderboard_on_ledger_line();

    -- Rebuilds one period from the ledger lines in [from_at, until_at): a new or moved
    -- weekend window, a new season start. The fan reached the total with their last line.
    create function leaderboard_rebuild(org uuid, key text, from_at timestamptz, until_at timestamptz)
    returns void language plpgsql as $$
    begin
      delete from leaderboard_scores where organization_id = org and period = key;
      insert into leaderboard_scores (organization_id, period, user_id, points, reached_at)
        select org, key, user_id, sum(amount), max(created_at)
        from point_transactions
        where organization_id = org and created_at >= from_at and created_at < until_at
          and leaderboard_counts(amount, kind)
        group by user_id
        having sum(amount) > 0;
    end $$;
  `.execute(db);

  // Backfill: every week and calendar-year season of the ledger already written.
  await sql`
    insert into leaderboard_scores (organization_id, period, user_id, points, reached_at)
      select t.organization_id, p.key, t.user_id, sum(t.amount), max(t.created_at)
      from point_transactions t
      join organizations o on o.id = t.organization_id
      cross join lateral (values
        (leaderboard_week(t.created_at, o.time_zone)),
        (leaderboard_season(t.created_at, o.time_zone, null))) as p(key)
      where leaderboard_counts(t.amount, t.kind)
      group by t.organization_id, p.key, t.user_id
      having sum(t.amount) > 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger leaderboard_scores_follow_ledger on point_transactions;
    drop function leaderboard_on_ledger_line();
    drop function leaderboard_rebuild(uuid, text, timestamptz, timestamptz);
    drop function leaderboard_add(uuid, text, uuid, integer, timestamptz);
    drop function leaderboard_season(timestamptz, text, date);
    drop function leaderboard_week(timestamptz, text);
    drop function leaderboard_counts(integer, text);
    drop table leaderboard_scores;
    drop table leaderboard_weekends;
    drop table leaderboard_settings;
    alter table users drop column leaderboard_visible;
  `.execute(db);
}
