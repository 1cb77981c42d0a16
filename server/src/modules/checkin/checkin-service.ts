import type { MilestoneKey } from '@paddock/contracts/api/badges';
import type { CheckinResult, CheckinStatus } from '@paddock/contracts/api/checkin';
import { sql } from 'kysely';
import type { Organization } from '../../db/schema.ts';
import { commitRefusalColumn, committingFirst } from '../../db/commit-refusal.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { dayCheckedIn, forgetCheckedIn, rememberCheckedIn } from './checkin-done-today.ts';
import { type LastCheckin, lastCheckin, lockFanAndReadLast } from './checkin-last.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { ledgerPostNotApplied, withLedgerPost } from '../ledger/ledger-ctes.ts';
import {
  awardBoost,
  boostedAmount,
  boostedDescription,
  ledgerPostedInStatement,
} from '../ledger/ledger-service.ts';
import {
  milestoneFollowUpNeeded,
  milestonesColumn,
  withMilestoneGrant,
} from '../rewards/badge-milestone-ctes.ts';
import { milestonesGrantedInStatement, milestonesReached } from '../rewards/badge-milestones.ts';
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
 * first, with the latest check-in read in the same statement, so concurrent check-ins run one
 * after the other; the unique (user_id, day), the insert's guard on the day it read and the
 * ledger's once-only key back that up. A fan this process has seen checked in today is refused
 * after one batched read, without the lock (refuseIfDone).
 */
export async function checkIn(call: FanCall): Promise<CheckinResult> {
  const { db, org, userId, now } = call;
  const today = todayIn(org.timeZone, now);
  await refuseIfDone(call, today);
  try {
    const result = await lockAndRecord(call, today);
    rememberCheckedIn(db, org.id, userId, today);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code === 'already_checked_in') {
      rememberCheckedIn(db, org.id, userId, today);
    }
    throw error;
  }
}

/** Stale reads in a row before giving up: each needs another check-in committed meanwhile. */
const MAX_ATTEMPTS = 3;

/**
 * The check-in's transaction: the fan's lock with the latest day, then the day's statement,
 * which carries the transaction's commit (decision 036, amendment of 2026-11-28 evening: two
 * round trips, not three) unless it refuses to, because a milestone it granted needs a further
 * write: then committingFirst runs it the long way. Run again when the first read was stale: a
 * check-in committed while the lock waited, so the guarded insert wrote nothing, and the next
 * lock reads it.
 */
function lockAndRecord(call: FanCall, today: string): Promise<CheckinResult> {
  const { org, userId } = call;
  return committingFirst('checkin', async (commits) => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await call.db.transaction().execute(async (trx) => {
        const seen = await lockFanAndReadLast(trx, org.id, userId);
        if (!seen.fanLocked) throw new Error('The signed-in fan no longer exists');
        return recordDay({ ...call, db: trx }, today, seen.last, commits);
      });
      if (result) return result;
    }
    return raceAfterLock();
  });
}

/**
 * Today's check-in after `last`, the latest the fan had as read: the streak and the reward it
 * earns, the row, its points and the milestones it reaches. Undefined when a check-in later
 * than `last` exists (the read was stale, nothing written); 422 already_checked_in for today.
 */
async function recordDay(
  call: FanCall,
  today: string,
  last: LastCheckin | undefined,
  commits: boolean,
): Promise<CheckinResult | undefined> {
  if (last?.day === today) throw alreadyCheckedIn();
  const streak = last?.day === previousDay(today) ? last.streak + 1 : 1;
  const pointsAwarded = await recordAndPay(call, { today, lastDay: last?.day ?? null, streak }, commits);
  if (pointsAwarded === undefined) return undefined;
  return { days: streak, eligibleForCheckin: false, pointsAwarded };
}

/** Each lock found a check-in committed while it waited: only a writer that skips the lock could. */
function raceAfterLock(): never {
  throw new Error(`A later check-in committed while the fan's lock waited, ${MAX_ATTEMPTS} times in a row`);
}

const alreadyCheckedIn = () =>
  unprocessable('already_checked_in', 'You have already checked in today; come back tomorrow');

/**
 * A fan this process saw checked in today is refused on the database's word, read outside any
 * transaction (batched with the other reads of the moment, checkin-last.ts): a committed row for
 * today refuses as the locked path would, and a fan whose row is gone (a support deletion) takes
 * the locked path again.
 */
async function refuseIfDone(call: FanCall, today: string) {
  const { db, org, userId } = call;
  if (dayCheckedIn(db, org.id, userId) !== today) return;
  const last = await lastCheckin(db, org.id, userId);
  if (last?.day === today) throw alreadyCheckedIn();
  forgetCheckedIn(db, org.id, userId);
}

/**
 * Today's check-in row, its points and its milestones: the boost comes first (from the app's
 * boost memory), then the row, its ledger line (decision 039) and the milestone badges it
 * reaches (product §12.3: the streaks of 7/30/100 days and season participation, each granted
 * once; decision 036, amendment of 2026-11-28) go in one statement, the line and the badges
 * only when the row did. The row goes in only while the fan's latest check-in is still
 * `lastDay` (the streak was counted from it). Answers the points paid; undefined when a later
 * check-in than `lastDay` exists, nothing written; 422 already_checked_in when only the unique
 * (user_id, day) refused it.
 */
async function recordAndPay(
  call: FanCall,
  day: { today: string; lastDay: string | null; streak: number },
  commits: boolean,
): Promise<number | undefined> {
  const { db: trx, org, userId, now } = call;
  const { today, streak } = day;
  const points = rewardForStreak(org, streak);
  const boost =
    points > 0
      ? await awardBoost(
          trx,
          { organizationId: org.id, userId, at: now, earning: 'checkin' },
          bestActiveBoost,
        )
      : null;
  const line = {
    organizationId: org.id,
    userId,
    amount: boostedAmount(points, boost),
    kind: 'checkin',
    reference: today,
    description: boostedDescription(`Daily check-in (day ${streak})`, boost),
  };
  const reached = milestonesReached({ streakDays: streak, event: 'season_participation' });
  const { rows } = await (commits ? insertCheckinPayAndCommit : insertCheckinAndPay)(trx, {
    ...line,
    onceKey: `checkin:${today}`,
    day: today,
    lastDay: day.lastDay,
    streak,
    points,
    createdAt: now,
    reached,
  });
  const written = rows[0];
  if (!written?.checkinId) {
    if (written?.laterCheckin) return undefined;
    throw alreadyCheckedIn();
  }
  const posted = await ledgerPostedInStatement(trx, line, written, now);
  await milestonesGrantedInStatement(
    trx,
    { organizationId: org.id, userId, at: now },
    reached,
    written.milestones ?? [],
  );
  return posted.applied ? posted.amount : 0;
}

/**
 * checkIn's insert of today's row and its ledger line, compiled once (its SQL never changes,
 * only the values): the row goes in only when no check-in later than `lastDay` exists (none at
 * all when it is null), and the line's amount is posted only for a row that went in.
 * `laterCheckin` says, in the same snapshot, whether such a check-in exists.
 */
const CHECKIN_VALUES = [
  'organizationId',
  'userId',
  'day',
  'lastDay',
  'streak',
  'points',
  'createdAt',
  'amount',
  'kind',
  'reference',
  'description',
  'onceKey',
  'reached',
] as const;

function checkinStatement(commits: boolean) {
  return compiledStatement(
    CHECKIN_VALUES,
    (db, v) => {
      const later = () =>
        db
          .selectFrom('checkins')
          .select('checkins.id')
          .where('checkins.organizationId', '=', v.organizationId)
          .where('checkins.userId', '=', v.userId)
          .where(sql<boolean>`checkins.day > coalesce(${v.lastDay}::date, '-infinity'::date)`);
      const recorded = db
        .with('checkin', (qb) =>
          qb
            .insertInto('checkins')
            .columns(['organizationId', 'userId', 'day', 'streak', 'points', 'createdAt'])
            .expression(() =>
              db
                .selectNoFrom([
                  sql<string>`${v.organizationId}::uuid`.as('organizationId'),
                  sql<string>`${v.userId}::uuid`.as('userId'),
                  sql<string>`${v.day}::date`.as('day'),
                  sql<number>`${v.streak}::int`.as('streak'),
                  sql<number>`${v.points}::int`.as('points'),
                  sql<Date>`${v.createdAt}::timestamptz`.as('createdAt'),
                ])
                .where((w) => w.not(w.exists(later()))),
            )
            .onConflict((oc) => oc.columns(['userId', 'day']).doNothing())
            .returning('id'),
        )
        .with('ledgerAmount', (qb) =>
          qb.selectFrom('checkin').select(sql<number>`${v.amount}::int`.as('amount')),
        )
        // The milestones reached, only when the row went in (no row from `checkin`: none).
        .with('milestoneReached', (qb) =>
          qb.selectFrom('checkin').select(sql<MilestoneKey>`unnest(${v.reached}::text[])`.as('key')),
        );
      const granted = withMilestoneGrant(withLedgerPost(recorded, v), { ...v, at: v.createdAt });
      return granted.selectNoFrom((eb) => [
        eb.selectFrom('checkin').select('checkin.id').as('checkinId'),
        eb.exists(later()).as('laterCheckin'),
        eb.selectFrom('ledgerLine').select('ledgerLine.id').as('transactionId'),
        eb.selectFrom('ledgerBalance').select('ledgerBalance.points').as('points'),
        eb.selectFrom('ledgerBalance').select('ledgerBalance.lifetimePoints').as('lifetimePoints'),
        milestonesColumn(eb, v),
        ...commitRefusalColumn(
          commits,
          () => eb.or([ledgerPostNotApplied(eb), milestoneFollowUpNeeded(eb, v)]),
          'a check-in whose points or milestones need a further write',
        ),
      ]);
    },
    { commits },
  );
}

const insertCheckinAndPay = checkinStatement(false);
/** The same statement as the transaction's last: its commit leaves with it (decision 036, amendment). */
const insertCheckinPayAndCommit = checkinStatement(true);
