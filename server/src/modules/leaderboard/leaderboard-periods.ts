import { sql } from 'kysely';
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
  const { rows } = await sql<{ key: string; startsAt: Date; endsAt: Date }>`
    select leaderboard_week(${now}::timestamptz, ${org.timeZone}) as key,
           date_trunc('week', ${now}::timestamptz at time zone ${org.timeZone}) at time zone ${org.timeZone} as starts_at,
           (date_trunc('week', ${now}::timestamptz at time zone ${org.timeZone}) + interval '7 days')
             at time zone ${org.timeZone} as ends_at`.execute(db);
  const row = rows[0] as { key: string; startsAt: Date; endsAt: Date };
  return { key: row.key, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt), name: null };
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
  const starts = await seasonStart(db, org.id);
  const { rows } = await sql<{ key: string }>`
    select leaderboard_season(${now}::timestamptz, ${org.timeZone}, ${starts}::date) as key`.execute(db);
  const key = (rows[0] as { key: string }).key;
  return {
    key,
    startsAt: await localMidnight(db, key.slice('season:'.length), org.timeZone),
    endsAt: null,
    name: null,
  };
}

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
  let query = db
    .selectFrom('leaderboardWeekends')
    .select(['id', 'name', 'startsAt', 'endsAt'])
    .where('organizationId', '=', organizationId);
  query = id
    ? query.where('id', '=', id)
    : query
        .where('startsAt', '<=', now)
        .orderBy(sql`ends_at > ${now}`, 'desc')
        .orderBy('startsAt', 'desc')
        .limit(1);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    key: weekendKey(row.id),
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    name: row.name,
  };
}
