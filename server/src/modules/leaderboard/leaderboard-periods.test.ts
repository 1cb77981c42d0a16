import { describe, expect, it } from 'vitest';
import { board, ledgerLine } from '../../test/leaderboard-fixtures.ts';
import {
  apiCallAtClock as api,
  createFan,
  createOrg,
  orgWithOperator,
  useTestApp,
} from '../../test/test-app.ts';

const t = useTestApp();

const points = (b: { entries: { points: number }[] }) => b.entries.map((e) => e.points);

describe('leaderboard periods in the organization’s time zone', () => {
  it('starts the week at Monday midnight of the organization, whatever zone the fan is in', async () => {
    // Melbourne is UTC+10 in June. Sunday 7 June 23:30 there is 13:30 UTC on Sunday; Monday 8 June
    // 00:30 there is 14:30 UTC on Sunday 7 June — still Sunday for a fan in London.
    const org = await createOrg(t, { timeZone: 'Australia/Melbourne' });
    const fan = await createFan(t, org);
    await ledgerLine(t, org, fan.user.id, 7, '2026-06-07T13:30:00Z'); // Sunday, last week
    await ledgerLine(t, org, fan.user.id, 30, '2026-06-07T14:30:00Z'); // Monday, this week

    t.clock.set('2026-06-08T02:00:00Z'); // Monday noon in Melbourne
    const week = await board(t, fan, 'week');
    expect(week.me).toEqual({ position: 1, points: 30 });
    expect(week.period).toMatchObject({
      key: 'week:2026-06-08',
      startsAt: '2026-06-07T14:00:00.000Z',
      endsAt: '2026-06-14T14:00:00.000Z',
    });
    expect((await board(t, fan, 'season')).me.points).toBe(37);

    // Just before Monday midnight in Melbourne the board still shows the Sunday week.
    t.clock.set('2026-06-07T13:59:59Z');
    expect((await board(t, fan, 'week')).me).toEqual({ position: 1, points: 7 });
  });

  it('counts the season from the operator’s season start, rebuilt from the ledger when it is set', async () => {
    t.clock.set('2026-06-10T10:00:00Z');
    const { org, operator } = await orgWithOperator(t, { timeZone: 'America/New_York' });
    const fan = await createFan(t, org);
    await ledgerLine(t, org, fan.user.id, 100, '2026-03-01T04:59:00Z'); // 28 Feb 23:59 in New York
    await ledgerLine(t, org, fan.user.id, 25, '2026-03-01T05:00:00Z'); // 1 Mar 00:00 in New York
    expect((await board(t, fan, 'season')).me.points).toBe(125); // calendar year until a start is set

    const set = await api(t, operator, 'PUT', '/api/admin/leaderboard-settings', {
      seasonStartsOn: '2026-03-01',
    });
    expect(set.statusCode).toBe(200);
    const season = await board(t, fan, 'season');
    expect(season.me.points).toBe(25);
    expect(season.period).toMatchObject({ key: 'season:2026-03-01', startsAt: '2026-03-01T05:00:00.000Z' });

    // New awards land in the new season through the ledger trigger.
    await ledgerLine(t, org, fan.user.id, 5, '2026-06-10T09:00:00Z');
    expect((await board(t, fan, 'season')).me.points).toBe(30);
    expect(
      (await api(t, fan, 'PUT', '/api/admin/leaderboard-settings', { seasonStartsOn: '2026-01-01' }))
        .statusCode,
    ).toBe(403);
  });

  it('shows the race weekend containing now, else the latest past one, counting points earned before it was defined', async () => {
    t.clock.set('2026-07-06T12:00:00Z');
    const { org, operator } = await orgWithOperator(t, { timeZone: 'Europe/London' });
    const [a, b] = [await createFan(t, org), await createFan(t, org)];
    await ledgerLine(t, org, a.user.id, 10, '2026-07-03T10:00:00Z'); // before the weekend
    await ledgerLine(t, org, a.user.id, 20, '2026-07-04T10:00:00Z'); // Silverstone Saturday
    await ledgerLine(t, org, b.user.id, 50, '2026-07-05T15:00:00Z'); // race day
    await ledgerLine(t, org, b.user.id, 99, '2026-07-06T09:00:00Z'); // Monday, after it

    const created = await api(t, operator, 'POST', '/api/admin/leaderboard-weekends', {
      name: 'British GP',
      startsAt: '2026-07-03T23:00:00Z', // Saturday 00:00 in London
      endsAt: '2026-07-05T23:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    const weekend = await board(t, a, 'weekend');
    expect(weekend.period).toMatchObject({ name: 'British GP', endsAt: '2026-07-05T23:00:00.000Z' });
    expect(points(weekend)).toEqual([50, 20]);
    expect(weekend.me).toEqual({ position: 2, points: 20 });

    // The next weekend, once it starts, takes over, and points earned in it count live.
    const next = await api(t, operator, 'POST', '/api/admin/leaderboard-weekends', {
      name: 'Hungarian GP',
      startsAt: '2026-07-17T22:00:00Z',
      endsAt: '2026-07-19T22:00:00Z',
    });
    expect((await board(t, a, 'weekend')).period.name).toBe('British GP');
    t.clock.set('2026-07-18T12:00:00Z');
    await ledgerLine(t, org, a.user.id, 15, '2026-07-18T11:00:00Z');
    const hungary = await board(t, a, 'weekend');
    expect(hungary.period.name).toBe('Hungarian GP');
    expect(hungary.me).toEqual({ position: 1, points: 15 });

    // Moving a window rebuilds its board; deleting it brings back the previous one.
    const moved = await api(t, operator, 'PUT', `/api/admin/leaderboard-weekends/${next.json().id}`, {
      name: 'Hungarian GP',
      startsAt: '2026-07-18T11:30:00Z',
      endsAt: '2026-07-19T22:00:00Z',
    });
    expect(moved.statusCode).toBe(200);
    expect((await board(t, a, 'weekend')).me).toEqual({ position: null, points: 0 });
    expect(
      (await api(t, operator, 'DELETE', `/api/admin/leaderboard-weekends/${next.json().id}`)).statusCode,
    ).toBe(204);
    expect((await board(t, a, 'weekend')).period.name).toBe('British GP');
  });
});

describe('friends board', () => {
  it('ranks the fan with who referred them and whom they referred, nobody else', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const org = await createOrg(t);
    const [mentor, me, recruit, stranger] = [
      await createFan(t, org),
      await createFan(t, org),
      await createFan(t, org),
      await createFan(t, org),
    ];
    for (const [i, fan] of [mentor, me, recruit, stranger].entries()) {
      await t.db
        .updateTable('users')
        .set({ username: `friend_${i}` })
        .where('id', '=', fan.user.id)
        .execute();
    }
    await t.db
      .updateTable('users')
      .set({ referredBy: mentor.user.id })
      .where('id', '=', me.user.id)
      .execute();
    await t.db
      .updateTable('users')
      .set({ referredBy: me.user.id })
      .where('id', '=', recruit.user.id)
      .execute();
    await ledgerLine(t, org, mentor.user.id, 40, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, me.user.id, 30, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, recruit.user.id, 50, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, stranger.user.id, 999, '2026-06-02T10:00:00Z');

    const friends = await board(t, me, 'friends');
    expect(friends.entries.map((e: { userId: string }) => e.userId).sort()).toEqual(
      [mentor.user.id, me.user.id, recruit.user.id].sort(),
    );
    expect(points(friends)).toEqual([50, 40, 30]);
    expect(friends.me).toEqual({ position: 3, points: 30 });
    expect(friends.total).toBe(3);
    // The recruit's circle is only them and me: the mentor is not their friend.
    expect(points(await board(t, recruit, 'friends'))).toEqual([50, 30]);
  });
});
