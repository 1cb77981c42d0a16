import { calendarDate } from '@paddock/contracts';

/**
 * The last answer per time zone, with the UTC minute it holds for. In every zone in use a day
 * starts on a whole minute (offsets are whole minutes since 1972), so one minute has one date.
 * At most one entry per time zone in use.
 */
const lastByZone = new Map<string, { minute: number; date: string }>();

/**
 * Today's calendar date (YYYY-MM-DD) in `timeZone` at `now`: `calendarDate` of the contracts,
 * computed once per zone and minute. The Intl format behind it was the largest cost of our own
 * code in an authenticated read's CPU profile (GET /user/me, the leaderboard; docs/benchmark.md),
 * and every request of a minute asks for the same day. Decision 006: the organization's calendar.
 */
export function todayIn(timeZone: string, now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastByZone.get(timeZone);
  if (last && last.minute === minute) return last.date;
  const date = calendarDate(now, timeZone);
  if (last) {
    last.minute = minute;
    last.date = date;
  } else lastByZone.set(timeZone, { minute, date });
  return date;
}
