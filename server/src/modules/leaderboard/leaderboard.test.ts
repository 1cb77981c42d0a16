import { describe, expect, it } from 'vitest';
import { afterTopPageBound, board, ledgerLine, seedFans } from '../../test/leaderboard-fixtures.ts';
import { apiCallAtClock as api, createFan, createOrg, useTestApp } from '../../test/test-app.ts';
import { showsByName } from './leaderboard-present.ts';

const t = useTestApp();

const names = (entries: { username: string }[]) => entries.map((e) => e.username);

async function namedFan(org: Awaited<ReturnType<typeof createOrg>>, username: string) {
  const fan = await createFan(t, org);
  await t.db.updateTable('users').set({ username }).where('id', '=', fan.user.id).execute();
  return fan;
}

describe('leaderboard ordering', () => {
  it('ranks points earned, ties going to who reached the total first, and spending costs no place', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const org = await createOrg(t, { timeZone: 'Europe/London' });
    const [ana, ben, cal] = [
      await namedFan(org, 'ana'),
      await namedFan(org, 'ben'),
      await namedFan(org, 'cal'),
    ];
    await ledgerLine(t, org, ana.user.id, 100, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, ben.user.id, 60, '2026-06-01T09:00:00Z');
    await ledgerLine(t, org, ben.user.id, 40, '2026-06-01T10:00:00Z'); // 100, reached before ana
    await ledgerLine(t, org, cal.user.id, 150, '2026-06-02T11:00:00Z');
    // Spending (a sweepstake entry) never lowers a total; a reversal takes an award back.
    await ledgerLine(t, org, cal.user.id, -140, '2026-06-02T12:00:00Z', 'sweepstake_entry');
    await ledgerLine(t, org, ana.user.id, -1, '2026-06-02T13:00:00Z', 'reversal');

    const season = await board(t, ben, 'season');
    expect(names(season.entries)).toEqual(['cal', 'ben', 'ana']);
    expect(season.entries.map((e: { points: number }) => e.points)).toEqual([150, 100, 99]);
    expect(season.entries.map((e: { position: number }) => e.position)).toEqual([1, 2, 3]);
    expect(season.me).toEqual({ position: 2, points: 100 });
    expect(season.entries[1]).toMatchObject({ userId: ben.user.id, isMe: true, anonymous: false });
    expect(season.total).toBe(3);
    expect(names(season.around)).toEqual(['cal', 'ben', 'ana']);

    // ana catches up to 100 later than ben: still behind him.
    await ledgerLine(t, org, ana.user.id, 1, '2026-06-02T14:00:00Z');
    expect(names((await board(t, ana, 'week')).entries)).toEqual(['cal', 'ben', 'ana']);
  });

  it('shows a fan far down the list their position and the fans just above and below', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const org = await createOrg(t);
    // 3,000 fans: fan i earns 10·i points (fan 3000 leads with 30,000).
    await seedFans(t, org, 3000, 'u.i * 10', '2026-06-01T08:00:00Z');
    const me = await namedFan(org, 'late_starter');
    await ledgerLine(t, org, me.user.id, 55, '2026-06-02T08:00:00Z'); // between fans 5 and 6

    const season = await board(t, me, 'season');
    expect(season.entries).toHaveLength(100);
    expect(season.entries[0].points).toBe(30_000);
    expect(season.entries[99]).toMatchObject({ position: 100, points: 29_010 });
    expect(season.total).toBe(3001);
    expect(season.me).toEqual({ position: 2996, points: 55 });
    expect(season.around.map((e: { position: number; points: number }) => [e.position, e.points])).toEqual([
      [2993, 80],
      [2994, 70],
      [2995, 60],
      [2996, 55],
      [2997, 50],
      [2998, 40],
      [2999, 30],
    ]);
    expect(season.around[3]).toMatchObject({ isMe: true, username: 'late_starter' });
  });

  it('answers an empty board with no position for a fan who has earned nothing', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const week = await board(t, fan, 'week');
    expect(week).toMatchObject({ entries: [], me: { position: null, points: 0 }, around: [], total: 0 });
    const weekend = await board(t, fan, 'weekend');
    expect(weekend).toMatchObject({ period: null, entries: [], me: { position: null, points: 0 } });
  });

  it('refuses an unknown board and an anonymous caller', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect((await api(t, fan, 'GET', '/api/leaderboard/all-time')).statusCode).toBe(400);
    expect((await api(t, { org }, 'GET', '/api/leaderboard/season')).statusCode).toBe(401);
  });
});

describe('leaderboard privacy', () => {
  it('shows under-18 fans and fans who opted out as a stable "Fan #…", never their id, name or avatar', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const org = await createOrg(t);
    const adult = await namedFan(org, 'grown_up');
    const teen = await createFan(t, org, { birthday: '2012-05-05' });
    await t.db.updateTable('users').set({ username: 'teen_racer' }).where('id', '=', teen.user.id).execute();
    const shy = await namedFan(org, 'shy_fan');
    await ledgerLine(t, org, adult.user.id, 10, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, teen.user.id, 30, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, shy.user.id, 20, '2026-06-02T10:00:00Z');

    // The opt-out is a profile setting, on by default.
    const me = await api(t, shy, 'GET', '/api/user/me');
    expect(me.json().leaderboardVisible).toBe(true);
    const off = await api(t, shy, 'PATCH', '/api/user/me', { leaderboardVisible: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().leaderboardVisible).toBe(false);

    const seen = await board(t, adult, 'season');
    const [teenRow, shyRow, adultRow] = seen.entries;
    expect(teenRow).toMatchObject({ userId: null, avatarUrl: null, anonymous: true, points: 30 });
    expect(teenRow.username).toMatch(/^Fan #\d{6}$/);
    expect(shyRow).toMatchObject({ userId: null, avatarUrl: null, anonymous: true });
    expect(shyRow.username).toMatch(/^Fan #\d{6}$/);
    expect(shyRow.username).not.toBe(teenRow.username);
    expect(JSON.stringify(seen)).not.toContain(teen.user.id);
    expect(JSON.stringify(seen)).not.toContain('teen_racer');
    expect(JSON.stringify(seen)).not.toContain('shy_fan');
    expect(adultRow).toMatchObject({ userId: adult.user.id, username: 'grown_up', anonymous: false });

    // Stable across boards and callers; the fan still sees themselves (and knows it is them).
    const ownView = await board(t, shy, 'week');
    expect(ownView.entries[1]).toMatchObject({ username: shyRow.username, userId: shy.user.id, isMe: true });
    expect(ownView.me).toEqual({ position: 2, points: 20 });

    // Turning it back on shows the name again: at once to the fan, to others within the top
    // page's bound (decision 025).
    await api(t, shy, 'PATCH', '/api/user/me', { leaderboardVisible: true });
    expect((await board(t, shy, 'season')).entries[1]).toMatchObject({ username: 'shy_fan', isMe: true });
    afterTopPageBound();
    expect((await board(t, adult, 'season')).entries[1].username).toBe('shy_fan');
  });
});

describe('showsByName', () => {
  it('follows the calendar day by day for the same fan, though it remembers its answers', () => {
    const fan = {
      username: 'leap',
      avatarMediaId: null,
      birthday: '2008-02-29',
      leaderboardVisible: true,
      email: null,
    };
    expect(showsByName(fan, '2026-02-28')).toBe(false); // 17 until the day after 28 February
    expect(showsByName(fan, '2026-03-01')).toBe(true);
    expect(showsByName(fan, '2026-02-28')).toBe(false);
    expect(showsByName({ ...fan, birthday: null }, '2026-03-01')).toBe(false);
    expect(showsByName({ ...fan, leaderboardVisible: false }, '2026-03-01')).toBe(false);
  });
});
