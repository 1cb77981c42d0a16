import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { forgetPeriods } from './leaderboard-period-cache.ts';
import { forgetTopPage } from './leaderboard-top.ts';

/** One stored total: who, how many points, and when they reached it. */
export interface ScoreRow {
  userId: string;
  points: number;
  reachedAt: Date;
}

/**
 * Every query here reads the index (organization_id, period, points desc, reached_at, user_id)
 * of migration 0010: the head of the board and the totals' histogram. None sorts the whole
 * board (decision 025). A fan's own read is one statement (leaderboard-read.ts).
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

/**
 * How many fans hold each total on one board, highest first, with a running count: "how many
 * fans have more than p points" is then a binary search, not a count of 80,000 index entries.
 * Built by one grouped scan of the board's index and kept for HISTOGRAM_TTL_MS per process
 * (stale-while-revalidate: a reader never waits for a rebuild once one exists), so the part
 * of a position that comes from other fans' totals may lag by a few seconds (decision 025).
 */
interface Histogram {
  /** Distinct totals, highest first. */
  points: number[];
  /** atLeast[i]: fans with points >= points[i]. */
  atLeast: number[];
  total: number;
}

const HISTOGRAM_TTL_MS = 5_000;
const HISTOGRAM_CACHE_MAX = 1_000;
const histograms = new Map<string, { at: number; value: Promise<Histogram> }>();

async function buildHistogram(db: Database, organizationId: string, period: string): Promise<Histogram> {
  const rows = await board(db, organizationId, period)
    .select((eb) => ['points', eb.fn.countAll<number>().as('fans')])
    .groupBy('points')
    .orderBy('points', 'desc')
    .execute();
  const points: number[] = [];
  const atLeast: number[] = [];
  let total = 0;
  for (const row of rows) {
    total += Number(row.fans);
    points.push(row.points);
    atLeast.push(total);
  }
  return { points, atLeast, total };
}

function histogram(db: Database, organizationId: string, period: string): Promise<Histogram> {
  const key = `${organizationId}|${period}`;
  const cached = histograms.get(key);
  const now = performance.now();
  if (cached && now - cached.at < HISTOGRAM_TTL_MS) return cached.value;
  const fresh = buildHistogram(db, organizationId, period);
  if (histograms.size >= HISTOGRAM_CACHE_MAX) histograms.clear();
  histograms.set(key, { at: now, value: cached ? cached.value : fresh });
  // Stale while revalidating: the old figures answer until the new ones are in.
  void fresh.then(
    (value) => histograms.set(key, { at: performance.now(), value: Promise.resolve(value) }),
    () => histograms.delete(key),
  );
  return cached ? cached.value : fresh;
}

/** Fans with more than `p` points, from the histogram. */
function fansAbove(h: Histogram, p: number): number {
  let lo = 0;
  let hi = h.points.length; // first index whose total is <= p
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((h.points[mid] as number) > p) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : (h.atLeast[lo - 1] as number);
}

/**
 * Forget the cached figures of a board, its top page and which period each board shows: a
 * rebuilt or dropped period (a new season start, a weekend window made, moved or deleted) must
 * not answer from the old ones in this process.
 */
export function forgetBoard(organizationId: string, period: string) {
  histograms.delete(`${organizationId}|${period}`);
  forgetTopPage(organizationId, period);
  forgetPeriods(organizationId);
}

/** How many fans are on the board. */
export async function boardSize(db: Database, organizationId: string, period: string): Promise<number> {
  return (await histogram(db, organizationId, period)).total;
}

/** The fans with more than `points` (none for a fan off the board) and the board's size. */
export async function fansAhead(
  db: Database,
  organizationId: string,
  period: string,
  points: number | null,
): Promise<{ ahead: number; total: number }> {
  const h = await histogram(db, organizationId, period);
  return { ahead: points === null ? 0 : fansAbove(h, points), total: h.total };
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
  forgetBoard(organizationId, period);
  await sql`select leaderboard_rebuild(${organizationId}::uuid, ${period}, ${from}::timestamptz,
    ${until ?? 'infinity'}::timestamptz)`.execute(db);
}

/** Removes a period's totals (a deleted weekend window). */
export async function dropPeriod(db: Database, organizationId: string, period: string): Promise<void> {
  forgetBoard(organizationId, period);
  await db
    .deleteFrom('leaderboardScores')
    .where('organizationId', '=', organizationId)
    .where('period', '=', period)
    .execute();
}
