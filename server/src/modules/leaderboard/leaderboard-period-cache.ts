import type { RawBuilder } from 'kysely';
import type { OrgCall } from '../../platform/service-call.ts';
import {
  type Period,
  type PeriodRow,
  periodFromRow,
  seasonPeriod,
  weekendPeriod,
  weekPeriod,
} from './leaderboard-periods.ts';

/** The boards whose period the fan's read keeps (friends rank the season's totals). */
export type PeriodBoard = 'season' | 'week' | 'weekend';

interface Cached {
  period: Period;
  /** App-clock milliseconds: the period is the current one from `from` until `until`. */
  from: number;
  until: number;
  /** Monotonic milliseconds at the load. */
  at: number;
}

/**
 * 1 s, as the top page (leaderboard-top.ts): an operator's new season start or weekend window
 * made in another process reaches this one's reads at most this late. In this process it shows
 * at once (forgetPeriods, on every rebuild). Time alone never makes a kept period wrong: it is
 * kept only while the app's clock is inside the span its row said it stays current.
 */
const PERIOD_TTL_MS = 1_000;
const PERIOD_CACHE_MAX = 3_000;
const periods = new Map<string, Cached>();

function fragment(call: OrgCall, board: PeriodBoard): RawBuilder<PeriodRow> {
  const { org, now } = call;
  if (board === 'week') return weekPeriod(org, now);
  if (board === 'weekend') return weekendPeriod(org.id, now);
  return seasonPeriod(org, now);
}

/**
 * The period a board shows now (leaderboard-periods.ts), from memory when read under
 * PERIOD_TTL_MS ago and still current by the app's clock: the period's SQL (the season's
 * setting, time zone arithmetic) was a third of the database's work per read.
 */
export async function boardPeriod(call: OrgCall, board: PeriodBoard): Promise<Period | null> {
  const key = `${call.org.id}|${board}`;
  const now = call.now.getTime();
  const cached = periods.get(key);
  if (cached && performance.now() - cached.at < PERIOD_TTL_MS && cached.from <= now && now < cached.until)
    return cached.period;
  const at = performance.now();
  const row = (await fragment(call, board).execute(call.db)).rows[0];
  if (!row) return null; // a weekend board before any window: not kept, a window may come
  const period = periodFromRow(row);
  const until = row.validUntil === null ? Number.POSITIVE_INFINITY : new Date(row.validUntil).getTime();
  if (periods.size >= PERIOD_CACHE_MAX) periods.clear();
  periods.set(key, { period, from: now, until, at });
  return period;
}

/** Forget an organization's periods: its season start or a weekend window changed in this process. */
export function forgetPeriods(organizationId: string) {
  for (const board of ['season', 'week', 'weekend'] as const) periods.delete(`${organizationId}|${board}`);
}
