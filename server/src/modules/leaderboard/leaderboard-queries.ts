import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';

/** One stored total: who, how many points, and when they reached it. */
export interface ScoreRow {
  userId: string;
  points: number;
  reachedAt: Date;
}

/**
 * Every query here reads the index (organization_id, period, points desc, reached_at, user_id)
 * of migration 0010: the head of the board, one fan's row, the rows just ahead of or behind it,
 * and counts of a range. None sorts the whole board (decision 025).
 */
const board = (db: Database, organizationId: string, period: string) =>
  db
    .selectFrom('leaderboardScores')
    .where('organizationId', '=', organizationId)
    .where('period', '=', period);

const columns = ['userId', 'points', 'reachedAt'] as const;

/** The board from `offset`, in order: most points first, then who reached them first. */
export async function topScores(
  db: Database,
  organizationId: string,
  period: string,
  limit: number,
  offset = 0,
): Promise<ScoreRow[]> {
  return board(db, organizationId, period)
    .select(columns)
    .orderBy('points', 'desc')
    .orderBy('reachedAt', 'asc')
    .orderBy('userId', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many fans are on the board. */
export async function boardSize(db: Database, organizationId: string, period: string): Promise<number> {
  const row = await board(db, organizationId, period)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A fan's total, their position (1 + the fans ahead) and the exact reached_at as text. */
export interface Standing {
  points: number;
  position: number;
  /** Kept as PostgreSQL's text so the microseconds survive the round trip (a JS Date drops them). */
  reached: string;
}

/**
 * The fan's position: the fans with more points, plus those with as many who reached them
 * earlier (or at the same instant with a smaller id). Two index range counts.
 */
export async function standingOf(
  db: Database,
  organizationId: string,
  period: string,
  userId: string,
): Promise<Standing | null> {
  const { rows } = await sql<{ points: number; reached: string; position: number }>`
    with me as (
      select points, reached_at, user_id from leaderboard_scores
      where organization_id = ${organizationId} and period = ${period} and user_id = ${userId}
    )
    select me.points, me.reached_at::text as reached,
      1 + (select count(*) from leaderboard_scores s
           where s.organization_id = ${organizationId} and s.period = ${period} and s.points > me.points)
        + (select count(*) from leaderboard_scores s
           where s.organization_id = ${organizationId} and s.period = ${period} and s.points = me.points
             and (s.reached_at, s.user_id) < (me.reached_at, me.user_id)) as position
    from me`.execute(db);
  const row = rows[0];
  return row ? { points: row.points, reached: row.reached, position: Number(row.position) } : null;
}

/**
 * Up to `n` fans just ahead of (`above`) or just behind (`below`) a standing, nearest first:
 * first those with the same points on the near side of the tie-break, then the next totals.
 */
export async function neighbours(
  db: Database,
  organizationId: string,
  period: string,
  userId: string,
  me: Standing,
  side: 'above' | 'below',
  n: number,
): Promise<ScoreRow[]> {
  const reached = sql`${me.reached}::timestamptz`;
  const above = side === 'above';
  const tied = await board(db, organizationId, period)
    .select(columns)
    .where('points', '=', me.points)
    .where(sql<boolean>`(reached_at, user_id) ${sql.raw(above ? '<' : '>')} (${reached}, ${userId}::uuid)`)
    .orderBy('reachedAt', above ? 'desc' : 'asc')
    .orderBy('userId', above ? 'desc' : 'asc')
    .limit(n)
    .execute();
  if (tied.length >= n) return tied;
  const beyond = await board(db, organizationId, period)
    .select(columns)
    .where('points', above ? '>' : '<', me.points)
    .orderBy('points', above ? 'asc' : 'desc')
    .orderBy('reachedAt', above ? 'desc' : 'asc')
    .orderBy('userId', above ? 'desc' : 'asc')
    .limit(n - tied.length)
    .execute();
  return [...tied, ...beyond];
}

/** The totals of a few fans (a friends circle), in board order. */
export async function scoresOf(
  db: Database,
  organizationId: string,
  period: string,
  userIds: string[],
): Promise<ScoreRow[]> {
  if (userIds.length === 0) return [];
  return board(db, organizationId, period)
    .select(columns)
    .where('userId', 'in', userIds)
    .orderBy('points', 'desc')
    .orderBy('reachedAt', 'asc')
    .orderBy('userId', 'asc')
    .execute();
}

/** Recomputes one period from the ledger lines in [from, until) (migration 0010's function). */
export async function rebuildPeriod(
  db: Database,
  organizationId: string,
  period: string,
  from: Date,
  until: Date | null,
): Promise<void> {
  await sql`select leaderboard_rebuild(${organizationId}::uuid, ${period}, ${from}::timestamptz,
    ${until ?? 'infinity'}::timestamptz)`.execute(db);
}

/** Removes a period's totals (a deleted weekend window). */
export async function dropPeriod(db: Database, organizationId: string, period: string): Promise<void> {
  await db
    .deleteFrom('leaderboardScores')
    .where('organizationId', '=', organizationId)
    .where('period', '=', period)
    .execute();
}
