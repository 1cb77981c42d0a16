import { describe, expect, it } from 'vitest';
import { board, ledgerLine } from '../../test/leaderboard-fixtures.ts';
import {
  apiCallAtClock as api,
  createFan,
  createOrg,
  orgWithOperator,
  useTestApp,
} from '../../test/test-app.ts';

/**
 * The period each board shows is kept in memory (leaderboard-period-cache.ts), but only while
 * the app's clock says it is still the current one: no fan ever waits for a new week or season.
 */
const t = useTestApp();

describe('the kept period of a board', () => {
  it('turns to the new week at Monday midnight, with the fan’s first award in it at once', async () => {
    const org = await createOrg(t, { timeZone: 'Europe/London' });
    const fan = await createFan(t, org);
    await ledgerLine(t, org, fan.user.id, 40, '2026-06-07T20:00:00Z'); // Sunday 21:00 in London
    t.clock.set('2026-06-07T22:59:58Z'); // Sunday 23:59:58
    expect((await board(t, fan, 'week')).period.key).toBe('week:2026-06-01');

    await ledgerLine(t, org, fan.user.id, 5, '2026-06-07T23:00:01Z'); // Monday 00:00:01
    t.clock.set('2026-06-07T23:00:02Z');
    const monday = await board(t, fan, 'week');
    expect(monday.period.key).toBe('week:2026-06-08');
    expect(monday.me).toEqual({ position: 1, points: 5 });
    expect(monday.entries.map((e: { points: number }) => e.points)).toEqual([5]);
  });

  it('turns to the operator’s season start the moment it comes', async () => {
    t.clock.set('2026-06-30T12:00:00Z');
    const { org, operator } = await orgWithOperator(t, { timeZone: 'Europe/Paris' });
    const fan = await createFan(t, org);
    await ledgerLine(t, org, fan.user.id, 70, '2026-06-30T10:00:00Z');
    const set = await api(t, operator, 'PUT', '/api/admin/leaderboard-settings', {
      seasonStartsOn: '2026-07-01',
    });
    expect(set.statusCode).toBe(200);
    // Until 1 July the calendar year's season runs.
    expect((await board(t, fan, 'season')).period.key).toBe('season:2026-01-01');
    expect((await board(t, fan, 'season')).me.points).toBe(70);

    t.clock.set('2026-06-30T22:00:01Z'); // 1 July 00:00:01 in Paris
    const season = await board(t, fan, 'season');
    expect(season.period).toMatchObject({ key: 'season:2026-07-01', startsAt: '2026-06-30T22:00:00.000Z' });
    expect(season.me).toEqual({ position: null, points: 0 });

    // And a clock set back (tests, a corrected clock) reads the earlier period again.
    t.clock.set('2026-06-30T21:59:00Z');
    expect((await board(t, fan, 'season')).period.key).toBe('season:2026-01-01');
  });
});
