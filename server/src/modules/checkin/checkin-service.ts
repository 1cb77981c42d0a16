import type { CheckinResult, CheckinStatus } from '@paddock/contracts/api/checkin';
import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import { unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { fanLockColumn } from '../profile/fan-accounts.ts';
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

async function lastCheckin(db: Database, org: Organization, userId: string) {
  return db
    .selectFrom('checkins')
    .select(['day', 'streak'])
    .where('organizationId', '=', org.id)
    .where('userId', '=', userId)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** GET /checkin: the live streak (0 once a day was missed) and whether today is still open. */
export async function checkinStatus(call: FanCall): Promise<CheckinStatus> {
  const { db, org, userId, now } = call;
  const today = todayIn(org.timeZone, now);
  const last = await lastCheckin(db, org, userId);
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
 * Today's check-in row, written in the statement that reads the fan's last one (decision 036):
 * the streak continues from yesterday's or starts at 1, and the day's points are the
 * organization's table at that streak (`rewards`, indexed as rewardForStreak does). Nothing is
 * written when the last check-in is today's. Runs after the fan's lock, so its read sees every
 * check-in committed before.
 */
function recordCheckin(trx: Database, org: Organization, userId: string, today: string, now: Date) {
  const rewards = org.settings.checkinRewards ?? [];
  return trx
    .with('last', (qb) =>
      qb
        .selectFrom('checkins')
        .select(['day', 'streak'])
        .where('organizationId', '=', org.id)
        .where('userId', '=', userId)
        .orderBy('day', 'desc')
        .limit(1),
    )
    .with('next', (qb) =>
      qb
        .selectNoFrom((eb) =>
          eb
            .case()
            .when(eb.selectFrom('last').select('day'), '=', sql<string>`${previousDay(today)}::date`)
            .then(sql<number>`(select streak from last) + 1`)
            .else(sql<number>`1`)
            .end()
            .as('streak'),
        )
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('last').select('day').where('day', '=', sql<string>`${today}::date`)),
          ),
        ),
    )
    .with('ins', (qb) =>
      qb
        .insertInto('checkins')
        .columns(['organizationId', 'userId', 'day', 'streak', 'points', 'createdAt'])
        .expression((eb) =>
          eb.selectFrom('next').select([
            // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
            sql<string>`${org.id}::uuid`.as('organizationId'),
            sql<string>`${userId}::uuid`.as('userId'),
            sql<string>`${today}::date`.as('day'),
            'next.streak',
            sql<number>`coalesce((${rewards}::int[])[least(next.streak, ${rewards.length})], 0)`.as('points'),
            sql<Date>`${now}::timestamptz`.as('createdAt'),
          ]),
        )
        .onConflict((oc) => oc.columns(['userId', 'day']).doNothing())
        .returning(['streak', 'points']),
    )
    .selectFrom('ins')
    .select(['ins.streak', 'ins.points'])
    .executeTakeFirst();
}

/**
 * POST /checkin: one per calendar day in the organization's time zone. The fan's row is locked
 * first so concurrent check-ins run one after the other and the second sees the first; the
 * unique (user_id, day) and the ledger's once-only key back that up.
 */
export async function checkIn(call: FanCall): Promise<CheckinResult> {
  const { org, userId, now } = call;
  return call.db.transaction().execute(async (trx) => {
    const locked = await trx.selectNoFrom(fanLockColumn(trx, org.id, userId)).executeTakeFirst();
    if (!locked?.fanLocked) throw new Error('The signed-in fan no longer exists');
    const today = todayIn(org.timeZone, now);
    const inserted = await recordCheckin(trx, org, userId, today, now);
    if (!inserted) {
      throw unprocessable('already_checked_in', 'You have already checked in today; come back tomorrow');
    }
    const { streak, points } = inserted;
    // The statement applied the table; the rule is rewardForStreak's, and must agree with it.
    if (points !== rewardForStreak(org, streak)) {
      throw new Error(`Check-in points ${points} at streak ${streak} disagree with the reward table`);
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
