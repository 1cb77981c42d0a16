import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  apiCall as rawApiCall,
  createFan,
  createOrg,
  onRealPostgres,
  type TestFan,
  useTimedTestApp,
} from '../../test/test-app.ts';
import { commitsSentWithStatement } from '../../db/deferred-begin.ts';
import { commitRefusals } from '../../test/metrics.ts';
import type { Database } from '../../db/engine.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { balance, ledgerMismatches } from '../../test/points.ts';
import { todayIn } from '../../platform/calendar.ts';
import { lastCheckin } from './checkin-last.ts';
import { previousDay } from './checkin-service.ts';

const t = useTimedTestApp();

/** A call with a session issued at the test clock's time (the tests move the clock by days). */
async function call(fan: TestFan, method: 'GET' | 'POST') {
  const session = await t.deps.tokens.createSession(t.db, fan.user, { amr: 'password' });
  return rawApiCall(
    t,
    { ...fan, accessToken: session.access_token },
    method,
    '/api/checkin',
    method === 'POST' ? {} : undefined,
  );
}

describe('daily check-in', () => {
  it('grows the streak on consecutive days and pays the organization’s table, the last value repeating', async () => {
    // The demo organization's table: 10, 15, 20, 25, 30, 40, 50.
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const first = await call(fan, 'GET');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      days: 0,
      eligibleForCheckin: true,
      nextReward: 10,
      lastCheckinDate: null,
    });

    const paid: number[] = [];
    for (let day = 0; day < 9; day++) {
      const res = await call(fan, 'POST');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ days: day + 1, eligibleForCheckin: false });
      paid.push(res.json().pointsAwarded);
      t.clock.advance(24 * 3600_000);
    }
    expect(paid).toEqual([10, 15, 20, 25, 30, 40, 50, 50, 50]);
    expect(await balance(t, fan)).toBe(290);
    const ledger = await t.db
      .selectFrom('pointTransactions')
      .select(['kind', 'description'])
      .where('userId', '=', fan.user.id)
      .execute();
    expect(ledger).toHaveLength(9);
    expect(ledger.every((l) => l.kind === 'checkin')).toBe(true);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('answers fans reading at once (one batched statement) each with their own last check-in, and shows a check-in on the very next read', async () => {
    const [orgA, orgB] = [await createOrg(t), await createOrg(t)];
    const [a1, a2, a3, b1] = [
      await createFan(t, orgA),
      await createFan(t, orgA),
      await createFan(t, orgA),
      await createFan(t, orgB),
    ];
    expect((await call(a1, 'POST')).statusCode).toBe(200);
    t.clock.advance(24 * 3600_000);
    for (const fan of [a1, a2, b1]) expect((await call(fan, 'POST')).statusCode).toBe(200);
    const today = (await call(a1, 'GET')).json().lastCheckinDate as string;

    // Read in the same turn of the event loop, so all go out in one statement; the last two ask
    // with another organization than the fan's.
    const reads = await Promise.all([
      lastCheckin(t.db, orgA.id, a1.user.id),
      lastCheckin(t.db, orgA.id, a2.user.id),
      lastCheckin(t.db, orgA.id, a3.user.id),
      lastCheckin(t.db, orgB.id, b1.user.id),
      lastCheckin(t.db, orgB.id, a1.user.id),
      lastCheckin(t.db, orgA.id, b1.user.id),
      lastCheckin(t.db, orgA.id, a1.user.id),
    ]);
    expect(reads).toEqual([
      { day: today, streak: 2 },
      { day: today, streak: 1 },
      undefined,
      { day: today, streak: 1 },
      undefined,
      undefined,
      { day: today, streak: 2 },
    ]);
    const seen = await Promise.all([a1, a2, a3, b1].map(async (f) => (await call(f, 'GET')).json()));
    expect(seen.map((s) => [s.days, s.eligibleForCheckin])).toEqual([
      [2, false],
      [1, false],
      [0, true],
      [1, false],
    ]);
    expect((await call(a3, 'POST')).statusCode).toBe(200);
    expect((await call(a3, 'GET')).json()).toMatchObject({
      days: 1,
      eligibleForCheckin: false,
      lastCheckinDate: today,
    });
  });

  it('refuses a second check-in the same day with 422 already_checked_in', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect((await call(fan, 'POST')).statusCode).toBe(200);
    t.clock.advance(3 * 3600_000);
    const again = await call(fan, 'POST');
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('already_checked_in');
    expect((await call(fan, 'GET')).json()).toMatchObject({
      days: 1,
      eligibleForCheckin: false,
      nextReward: 15,
    });
    expect(await balance(t, fan)).toBe(10);
  });

  it('pays under a check-in boost in the statement that records the day, the boost named on the history line', async () => {
    const org = await createOrg(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const fan = await createFan(t, org);
    const now = t.clock.now().getTime();
    for (const [name, multiplier, earning] of [
      ['check-in bonus', 1.5, 'checkin'],
      ['video week', 3, 'content'],
    ] as const) {
      const boost = await rawApiCall(t, operator, 'POST', '/api/admin/boosts', {
        name,
        multiplier,
        earning,
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 48 * 3_600_000).toISOString(),
      });
      expect(boost.statusCode, boost.body).toBe(201);
    }
    expect((await call(fan, 'POST')).json()).toMatchObject({ days: 1, pointsAwarded: 15 });
    t.clock.advance(24 * 3600_000);
    // Day 2 pays 15 × 1.5 = 22.5 → 23; the video boost never applies to a check-in.
    expect((await call(fan, 'POST')).json()).toMatchObject({ days: 2, pointsAwarded: 23 });
    const lines = await t.db
      .selectFrom('pointTransactions')
      .select(['amount', 'description'])
      .where('userId', '=', fan.user.id)
      .orderBy('createdAt')
      .execute();
    expect(lines).toEqual([
      { amount: 15, description: 'Daily check-in (day 1) ×1.5 check-in bonus' },
      { amount: 23, description: 'Daily check-in (day 2) ×1.5 check-in bonus' },
    ]);
    expect(await balance(t, fan)).toBe(38);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('never pays a day twice: with the day’s row gone (a support deletion), a new check-in records it and pays 0', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect((await call(fan, 'POST')).json()).toMatchObject({ pointsAwarded: 10 });
    await t.db.deleteFrom('checkins').where('userId', '=', fan.user.id).execute();
    const again = await call(fan, 'POST');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ days: 1, pointsAwarded: 0 });
    expect((await call(fan, 'GET')).json()).toMatchObject({ eligibleForCheckin: false });
    expect(await balance(t, fan)).toBe(10);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('resets the streak after a missed day', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    await call(fan, 'POST');
    t.clock.advance(24 * 3600_000);
    expect((await call(fan, 'POST')).json()).toMatchObject({ days: 2, pointsAwarded: 15 });
    t.clock.advance(2 * 24 * 3600_000); // skipped a whole day
    expect((await call(fan, 'GET')).json()).toMatchObject({
      days: 0,
      eligibleForCheckin: true,
      nextReward: 10,
    });
    expect((await call(fan, 'POST')).json()).toMatchObject({ days: 1, pointsAwarded: 10 });
  });

  it('counts calendar days in the organization’s time zone, not UTC', async () => {
    const org = await createOrg(t, { timeZone: 'America/New_York' });
    const fan = await createFan(t, org);
    // 23:30 in New York on 1 June is already 2 June in UTC.
    t.clock.set('2026-06-02T03:30:00Z');
    expect((await call(fan, 'POST')).json()).toMatchObject({ days: 1 });
    // One hour later it is 00:30 on 2 June in New York: a new local day, though the same UTC day.
    t.clock.set('2026-06-02T04:30:00Z');
    const nextLocalDay = await call(fan, 'POST');
    expect(nextLocalDay.statusCode).toBe(200);
    expect(nextLocalDay.json()).toMatchObject({ days: 2, pointsAwarded: 15 });
    // Later the same New York day (already 3 June in UTC) is refused.
    t.clock.set('2026-06-03T03:59:00Z');
    expect((await call(fan, 'POST')).json().code).toBe('already_checked_in');
    const days = await t.db
      .selectFrom('checkins')
      .select('day')
      .where('userId', '=', fan.user.id)
      .orderBy('day')
      .execute();
    expect(days.map((d) => d.day)).toEqual(['2026-06-01', '2026-06-02']);
  });

  it('grants the season-participation badge with the first check-in, once', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect((await call(fan, 'POST')).statusCode).toBe(200);
    t.clock.advance(24 * 3600_000);
    expect((await call(fan, 'POST')).statusCode).toBe(200);
    const badges = await t.db
      .selectFrom('userBadges')
      .select(['how', 'reference'])
      .where('userId', '=', fan.user.id)
      .execute();
    expect(badges).toEqual([{ how: 'milestone', reference: 'season_participation' }]);
  });

  // Decision 036, amendment of 2026-11-28 evening: the check-in's statement carries its commit,
  // so a badge whose boost needs a further write makes it refuse to commit and run the long way.
  it('grants the boost a milestone badge carries with the check-in that earns the badge', async () => {
    const org = await createOrg(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    // The organization's first milestone creates its definitions (the long way, too).
    const refused = await commitRefusals('checkin');
    expect((await call(await createFan(t, org), 'POST')).statusCode).toBe(200);
    expect(await commitRefusals('checkin')).toBe(refused + 1);
    // A fan's first check-in once the definitions exist commits with its statement on PostgreSQL.
    const carried = commitsSentWithStatement();
    expect((await call(await createFan(t, org), 'POST')).statusCode).toBe(200);
    expect(commitsSentWithStatement() - carried).toBe(onRealPostgres ? 1 : 0);
    expect(await commitRefusals('checkin')).toBe(refused + 1);
    const rules = (await rawApiCall(t, operator, 'GET', '/api/admin/badges/milestones')).json();
    const season = rules.find((r: { key: string }) => r.key === 'season_participation');
    const edited = await rawApiCall(t, operator, 'PATCH', `/api/admin/badges/${season.badge.badgeId}`, {
      boost: { name: 'Season boost', multiplier: 2, earning: 'checkin', durationMinutes: 3 * 24 * 60 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const fan = await createFan(t, org);
    const first = await call(fan, 'POST');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ days: 1, pointsAwarded: 10 });
    t.clock.advance(24 * 3600_000);
    // Day 2 pays 15, doubled by the boost the badge brought.
    expect((await call(fan, 'POST')).json()).toMatchObject({ days: 2, pointsAwarded: 30 });
    const boosts = await t.db.selectFrom('boosts').select('name').where('userId', '=', fan.user.id).execute();
    expect(boosts).toEqual([{ name: 'Season boost' }]);
    expect(await balance(t, fan)).toBe(40);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('needs a signed-in fan', async () => {
    const org = await createOrg(t, { loggedOffDashboard: true });
    expect((await rawApiCall(t, { org }, 'GET', '/api/checkin')).statusCode).toBe(401);
    expect((await rawApiCall(t, { org }, 'POST', '/api/checkin')).statusCode).toBe(401);
  });
});

describeOnPostgres('check-in under concurrency (real PostgreSQL)', () => {
  it('pays exactly one of 50 concurrent check-ins by one fan', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => rawApiCall(t, fan, 'POST', '/api/checkin')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 422 && r.json().code === 'already_checked_in'),
    ).toHaveLength(49);
    expect(await balance(t, fan)).toBe(10);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('counts the streak from a check-in that committed while it waited for the fan’s lock', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const yesterday = previousDay(todayIn(org.timeZone, t.clock.now()));
    // Yesterday's check-in (day 4 of a streak) is still being written, under the fan's lock.
    const holder = await holdFanLock(fan, (trx) =>
      trx
        .insertInto('checkins')
        .values({ organizationId: org.id, userId: fan.user.id, day: yesterday, streak: 4, points: 25 })
        .execute(),
    );
    const today = rawApiCall(t, fan, 'POST', '/api/checkin');
    // Commit only once the check-in waits for the lock: its first read began before the commit.
    await waitForLockWaiters(1);
    await holder.release();
    const res = await today;
    expect(res.statusCode, res.body).toBe(200);
    // Day 5 pays the table's fifth value; a streak counted from the stale read would be day 1 (10).
    expect(res.json()).toMatchObject({ days: 5, pointsAwarded: 30 });
    expect(await balance(t, fan)).toBe(30);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses a repeat without waiting for the fan’s row, which another transaction holds', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect((await rawApiCall(t, fan, 'POST', '/api/checkin')).statusCode).toBe(200);
    // Another writer of this fan (an answer, a spend) holds the row lock checkIn would wait for.
    const holder = await holdFanLock(fan);
    const blocked = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 10_000));
    const again = await Promise.race([rawApiCall(t, fan, 'POST', '/api/checkin'), blocked]);
    await holder.release();
    expect(again).not.toBe('blocked');
    if (again === 'blocked') return;
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('already_checked_in');
    expect(await balance(t, fan)).toBe(10);
  });
});

/**
 * Holds the fan's row lock in a transaction of its own (after `also` ran in it), as another
 * write of the fan would; `release` commits it.
 */
async function holdFanLock(fan: TestFan, also: (trx: Database) => Promise<unknown> = async () => {}) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', fan.user.id).forUpdate().execute();
    await also(trx);
    locked();
    await released;
  });
  await lockTaken;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

/** Waits until this many of the test database's sessions wait for a lock. */
async function waitForLockWaiters(count: number) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No ${count} session(s) waiting for a lock after 5 s`);
}
