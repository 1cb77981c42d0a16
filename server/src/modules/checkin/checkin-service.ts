import type { CheckinResult, CheckinStatus } from '@paddock/contracts/api/checkin';
import type { Organization } from '../../db/schema.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { unprocessable } from '../../platform/errors.ts';
import { lastCheckin } from './checkin-last.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { lockFanOnly } from '../profile/fan-accounts.ts';
import { awardMilestoneBadges } from '../rewards/badge-milestones.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import { todayIn } from '../../platform/calendar.ts';

/** The calendar day before `day` (YYYY-MM-DD), computed on the date alone so no time zone shifts it. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** Product §10.3: the organization's table; day N pays rewards[N-1], the last value repeats. */
export function rewardForStreak(org: Organization, streak: number): number {
  const table = org.settings.checkinRewards ?? [];
  if (table.length === 0 || streak < 1) return 0;
  return table[Math.min(streak, table.length) - 1] ?? 0;
}

/** GET /checkin: the live streak (0 once a day was missed) and whether today is still open. */
export async function checkinStatus(call: FanCall): Promise<CheckinStatus> {
  const { db, org, userId, now } = call;
  const today = todayIn(org.timeZone, now);
  const last = await lastCheckin(db, org.id, userId);
  const checkedToday = last?.day === today;
  const streakAlive = checkedToday || last?.day === previousDay(today);
  const days = streakAlive && last ? last.streak : 0;
  return {
    days,
    eligibleForCheckin: !checkedToday,
    nextReward: rewardForStreak(org, days + 1),
    lastCheckinDate: last?.day ?? null,
  };
}

/**
 * POST /checkin: one per calendar day in the organization's time zone. The fan's row is locked
 * first so concurrent check-ins run one after the other and the second sees the first; the
 * unique (user_id, day) and the ledger's once-only key back that up.
 */
export async function checkIn(call: FanCall): Promise<CheckinResult> {
  const { org, userId, now } = call;
  return call.db.transaction().execute(async (trx) => {
    if (!(await lockFanOnly(trx, org.id, userId))) throw new Error('The signed-in fan no longer exists');
    const today = todayIn(org.timeZone, now);
    const last = await lastCheckin(trx, org.id, userId);
    if (last?.day === today) {
      throw unprocessable('already_checked_in', 'You have already checked in today; come back tomorrow');
    }
    const streak = last?.day === previousDay(today) ? last.streak + 1 : 1;
    const points = rewardForStreak(org, streak);
    const { rows } = await insertCheckin(trx, {
      organizationId: org.id,
      userId,
      day: today,
      streak,
      points,
      createdAt: now,
    });
    const inserted = rows[0];
    if (!inserted) {
      throw unprocessable('already_checked_in', 'You have already checked in today; come back tomorrow');
    }
    let pointsAwarded = 0;
    if (points > 0) {
      const posted = await postPoints(
        trx,
        {
          organizationId: org.id,
          userId,
          amount: points,
          kind: 'checkin',
          reference: today,
          description: `Daily check-in (day ${streak})`,
          onceKey: `checkin:${today}`,
          at: now,
          earning: 'checkin',
        },
        bestActiveBoost,
      );
      pointsAwarded = posted.applied ? posted.amount : 0;
    }
    // Product §12.3: streak milestones (7/30/100 days) and season participation, each granted once.
    // One call for both: it looks the organization's milestone definitions up once.
    await awardMilestoneBadges(trx, {
      organizationId: org.id,
      userId,
      at: now,
      streakDays: streak,
      event: 'season_participation',
    });
    return { days: streak, eligibleForCheckin: false, pointsAwarded };
  });
}

/** checkIn's insert of today's row, compiled once (its SQL never changes, only the values). */
const insertCheckin = compiledStatement(
  ['organizationId', 'userId', 'day', 'streak', 'points', 'createdAt'],
  (db, v) =>
    db
      .insertInto('checkins')
      .values({
        organizationId: v.organizationId,
        userId: v.userId,
        day: v.day,
        streak: v.streak,
        points: v.points,
        createdAt: v.createdAt,
      })
      .onConflict((oc) => oc.columns(['userId', 'day']).doNothing())
      .returning('id'),
);
