import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';

/** One board period: the key its totals are stored under and its bounds (decision 025). */
export interface Period {
  key: string;
  startsAt: Date;
  endsAt: Date | null;
  name: string | null;
}

/**
 * This week's period: Monday 00:00 to the next Monday 00:00 in the organization's time zone.
 * The key comes from the same SQL function the ledger trigger uses (migration 0010), so the
 * board read and the board written can never disagree on where a week starts.
 */
export async function currentWeek(db: Database, org: Organization, now: Date): Promise<Period> {
  return (await firstPeriod(db, weekPeriod(org, now))) as Period;
}

/** The week's period as one SQL row (key, starts_at, ends_at, name, valid_until). */
export const weekPeriod = (org: Organization, now: Date) => sql<PeriodRow>`
  select key, starts_at, ends_at, name, ends_at as valid_until
  from (select leaderboard_week(${now}::timestamptz, ${org.timeZone}) as key,
         date_trunc('week', ${now}::timestamptz at time zone ${org.timeZone}) at time zone ${org.timeZone} as starts_at,
         (date_trunc('week', ${now}::timestamptz at time zone ${org.timeZone}) + interval '7 days')
           at time zone ${org.timeZone} as ends_at,
         null::text as name) w`;

/**
 * What a period fragment answers (camel-cased by the database handle). `validUntil`: the
 * first instant another period may be the current one (null: none comes by time alone; an
 * operator's change still can), which lets a read keep the period (leaderboard-period-cache.ts).
 */
export interface PeriodRow {
  key: string;
  startsAt: Date;
  endsAt: Date | null;
  name: string | null;
  validUntil: Date | string | null;
}

export const periodFromRow = (row: Omit<PeriodRow, 'validUntil'>): Period => ({
  key: row.key,
  startsAt: new Date(row.startsAt),
  endsAt: row.endsAt ? new Date(row.endsAt) : null,
  name: row.name,
});

async function firstPeriod(db: Database, fragment: RawBuilder<PeriodRow>): Promise<Period | null> {
  const row = (await fragment.execute(db)).rows[0];
  return row ? periodFromRow(row) : null;
}

/** The organization's season start (YYYY-MM-DD), or null when it follows the calendar year. */
export async function seasonStart(db: Database, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('leaderboardSettings')
    .select('seasonStartsOn')
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return row?.seasonStartsOn ?? null;
}

/**
 * The current season: from the operator's season start once it has come, else from 1 January
 * in the organization's time zone. It runs until the next start, so it has no end yet.
 */
export async function currentSeason(db: Database, org: Organization, now: Date): Promise<Period> {
  return (await firstPeriod(db, seasonPeriod(org, now))) as Period;
}

/**
 * The season's period as one SQL row: the setting, the key and the season's first instant. It
 * changes when the operator's start comes, else on 1 January; never by time once the start has
 * come. The setting is read once, as a column, so leaderboard_season is inlined.
 */
export const seasonPeriod = (org: Organization, now: Date) => sql<PeriodRow>`
  select key, substr(key, 8)::date::timestamp at time zone ${org.timeZone} as starts_at,
         null::timestamptz as ends_at, null::text as name,
         case when starts <= (${now}::timestamptz at time zone ${org.timeZone})::date then null
              else least(
                (date_trunc('year', ${now}::timestamptz at time zone ${org.timeZone}) + interval '1 year')
                  at time zone ${org.timeZone},
                starts::timestamp at time zone ${org.timeZone}) end as valid_until
  from (select starts, leaderboard_season(${now}::timestamptz, ${org.timeZone}, starts) as key
    from (select (select season_starts_on from leaderboard_settings where organization_id = ${org.id}) as starts) s) k`;

/** The instant a calendar day starts in a time zone. */
export async function localMidnight(db: Database, day: string, timeZone: string): Promise<Date> {
  const { rows } = await sql<{
    at: Date;
  }>`select ${day}::date::timestamp at time zone ${timeZone} as at`.execute(db);
  return new Date((rows[0] as { at: Date }).at);
}

/** The weekend board's key for a window. */
export const weekendKey = (id: string) => `weekend:${id}`;

/**
 * The race-weekend window the board shows: the one containing now, else the latest that has
 * started (the last race weekend stays up until the next one begins); null before any.
 */
export async function currentWeekend(
  db: Database,
  organizationId: string,
  now: Date,
  id?: string,
): Promise<Period | null> {
  return firstPeriod(db, weekendPeriod(organizationId, now, id));
}

/**
 * The weekend's period as at most one SQL row (none before the first window). The choice can
 * change when any window starts or ends.
 */
export const weekendPeriod = (organizationId: string, now: Date, id?: string) => sql<PeriodRow>`
  select 'weekend:' || id as key, starts_at, ends_at, name,
    (select least(min(w.starts_at) filter (where w.starts_at > ${now}), min(w.ends_at) filter (where w.ends_at > ${now}))
     from leaderboard_weekends w where w.organization_id = ${organizationId}) as valid_until
  from leaderboard_weekends
  where organization_id = ${organizationId}
    and ${id ? sql`id = ${id}::uuid` : sql`starts_at <= ${now}`}
  order by ends_at > ${now} desc, starts_at desc
  limit 1`;
