import { sql } from 'kysely';
import type { OrgCall } from '../platform/service-call.ts';
import { answerActivity, participation } from '../modules/challenges/challenge-stats.ts';
import { ledgerActivity, pointsPerDay, type Window } from '../modules/ledger/ledger-queries.ts';
import { countFans } from '../modules/profile/fan-accounts.ts';

const DAY = 24 * 3600 * 1000;

/** YYYY-MM-DD of an instant in a time zone (en-CA formats as ISO date). */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/**
 * Dashboard figures (product §11.11): points issued and spent per day, active fans per day (anyone
 * with a ledger row or a challenge answer that day) and participation per challenge. Days are
 * calendar days in the organization's time zone, like the check-in (product §10.3). Each
 * figure comes from the module that owns its table; active fans unions their activity in one
 * query, so a fan active in both counts once.
 */
export async function dashboardStats(call: OrgCall, days: number) {
  const { db, now } = call;
  const timeZone = call.org.timeZone;
  const from = new Date(now.getTime() - days * DAY);
  // Rows stamped by the database a moment after the clock's reading still count as today.
  const w: Window = { organizationId: call.org.id, timeZone, from, until: new Date(now.getTime() + DAY) };
  const ledger = await pointsPerDay(db, w);
  const active = await sql<{ day: string; fans: number }>`
    select day, count(distinct user_id)::int as fans from (
      ${ledgerActivity(w)}
      union all
      ${answerActivity(w)}
    ) a group by day`.execute(db);
  const byChallenge = await participation(db, w);
  const fans = await countFans(db, call.org.id);

  const byDay = new Map(ledger.map((r) => [r.day, r]));
  const activeByDay = new Map(active.rows.map((r) => [r.day, r.fans]));
  const series: { day: string; issued: number; spent: number; activeFans: number }[] = [];
  // One entry per calendar day, including quiet days, so charts have an honest x-axis.
  const seen = new Set<string>();
  for (let t = from.getTime(); t <= now.getTime() + DAY; t += DAY / 4) {
    const day = dayIn(new Date(Math.min(t, now.getTime())), timeZone);
    if (seen.has(day)) continue;
    seen.add(day);
    const l = byDay.get(day);
    series.push({ day, issued: l?.issued ?? 0, spent: l?.spent ?? 0, activeFans: activeByDay.get(day) ?? 0 });
  }
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    days: series,
    participation: byChallenge,
    totals: {
      fans,
      issued: series.reduce((s, d) => s + d.issued, 0),
      spent: series.reduce((s, d) => s + d.spent, 0),
    },
  };
}
