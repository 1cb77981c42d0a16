import { describe, expect, it } from 'vitest';
import { afterTopPageBound, board, ledgerLine, seedFans } from '../../test/leaderboard-fixtures.ts';
import { apiCallAtClock as api, createFan, createOrg, useTestApp } from '../../test/test-app.ts';

/**
 * The shared top page (leaderboard-top.ts, decision 025): the head of a board is kept up to
 * 1 s per process, but a fan's own total, row and position are never older than their last award.
 */
const t = useTestApp();

type Entry = { position: number; username: string; points: number; isMe: boolean; userId: string | null };
const rows = (entries: Entry[]) => entries.map((e) => [e.position, e.username, e.points]);

async function namedFan(org: Awaited<ReturnType<typeof createOrg>>, username: string) {
  const fan = await createFan(t, org);
  await t.db.updateTable('users').set({ username }).where('id', '=', fan.user.id).execute();
  return fan;
}

describe('the shared top page', () => {
  it('shows a fan their own award at once, in their place, and other fans within the bound', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const org = await createOrg(t);
    const [ana, ben, cal] = [
      await namedFan(org, 'ana'),
      await namedFan(org, 'ben'),
      await namedFan(org, 'cal'),
    ];
    await ledgerLine(t, org, ana.user.id, 100, '2026-06-01T10:00:00Z');
    await ledgerLine(t, org, ben.user.id, 50, '2026-06-01T10:00:00Z');
    await ledgerLine(t, org, cal.user.id, 10, '2026-06-01T10:00:00Z');
    expect(rows((await board(t, ben, 'season')).entries)).toEqual([
      [1, 'ana', 100],
      [2, 'ben', 50],
      [3, 'cal', 10],
    ]);

    // cal's award: their own list, position and neighbours show it at once.
    await ledgerLine(t, org, cal.user.id, 60, '2026-06-03T11:00:00Z');
    const own = await board(t, cal, 'season');
    expect(rows(own.entries)).toEqual([
      [1, 'ana', 100],
      [2, 'cal', 70],
      [3, 'ben', 50],
    ]);
    expect(own.entries[1]).toMatchObject({ isMe: true, userId: cal.user.id });
    expect(own.me).toEqual({ position: 2, points: 70 });
    expect(rows(own.around)).toEqual(rows(own.entries));

    // Everyone else sees it within the bound.
    afterTopPageBound();
    const seen = await board(t, ben, 'season');
    expect(rows(seen.entries)).toEqual(rows(own.entries));
    expect(seen.entries.map((e: Entry) => e.isMe)).toEqual([false, false, true]);
    expect(seen.me).toEqual({ position: 3, points: 50 });
  });

  it('keeps the list full and in order when a fan climbs into the top 100 or leaves the board', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const org = await createOrg(t);
    // 120 fans: fan i earns 10·i points (fan 120 leads with 1,200; the 100th has 210).
    await seedFans(t, org, 120, 'u.i * 10', '2026-06-01T08:00:00Z');
    const climber = await namedFan(org, 'climber');
    await ledgerLine(t, org, climber.user.id, 5, '2026-06-02T08:00:00Z');
    const before = await board(t, climber, 'season');
    expect(before.me).toEqual({ position: 121, points: 5 });
    expect(before.entries).toHaveLength(100);

    await ledgerLine(t, org, climber.user.id, 600, '2026-06-03T11:00:00Z'); // 605: after fan 61 (610)
    const after = await board(t, climber, 'season');
    expect(after.me).toEqual({ position: 61, points: 605 });
    expect(after.entries).toHaveLength(100);
    expect(after.entries.map((e: Entry) => e.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(after.entries[60]).toMatchObject({ username: 'climber', points: 605, isMe: true });
    expect(after.entries[59].points).toBe(610);
    expect(after.entries[61].points).toBe(600);
    expect(after.entries[99].points).toBe(220); // the fan at 210 is pushed off
    expect(after.around.map((e: Entry) => [e.position, e.points])).toEqual([
      [58, 630],
      [59, 620],
      [60, 610],
      [61, 605],
      [62, 600],
      [63, 590],
      [64, 580],
    ]);

    // Taken back (a reversal to 0 leaves the board): off their own list at once, which stays full.
    await ledgerLine(t, org, climber.user.id, -605, '2026-06-03T11:30:00Z', 'reversal');
    const gone = await board(t, climber, 'season');
    expect(gone.me).toEqual({ position: null, points: 0 });
    expect(gone.entries).toHaveLength(100);
    expect(gone.entries.some((e: Entry) => e.username === 'climber')).toBe(false);
    expect(gone.entries[99]).toMatchObject({ position: 100, points: 210 });
  });

  it('never shows one organization’s top page to another', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const [red, blue] = [await createOrg(t), await createOrg(t)];
    const redFan = await namedFan(red, 'red_fan');
    const blueFan = await namedFan(blue, 'blue_fan');
    await ledgerLine(t, red, redFan.user.id, 40, '2026-06-02T10:00:00Z');
    await ledgerLine(t, blue, blueFan.user.id, 30, '2026-06-02T10:00:00Z');

    const redBoard = await board(t, redFan, 'season');
    const blueBoard = await board(t, blueFan, 'season');
    expect(redBoard.period.key).toBe(blueBoard.period.key); // the same period, kept apart
    expect(rows(redBoard.entries)).toEqual([[1, 'red_fan', 40]]);
    expect(rows(blueBoard.entries)).toEqual([[1, 'blue_fan', 30]]);
    expect(JSON.stringify(blueBoard)).not.toContain(redFan.user.id);
  });

  it('answers JSON that the contract describes, to the fan on the page and to the others', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const org = await createOrg(t);
    const [ana, teen] = [await namedFan(org, 'ana'), await createFan(t, org, { birthday: '2012-05-05' })];
    await ledgerLine(t, org, ana.user.id, 20, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, teen.user.id, 30, '2026-06-02T10:00:00Z');
    for (const fan of [ana, teen]) {
      const res = await api(t, fan, 'GET', '/api/leaderboard/season');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['around', 'board', 'entries', 'me', 'period', 'total']);
      expect(body.total).toBe(2);
    }
    // The under-18 fan sees their own id; ana sees a "Fan #…" without one.
    expect((await board(t, teen, 'season')).entries[0]).toMatchObject({ userId: teen.user.id, isMe: true });
    const seen = (await board(t, ana, 'season')).entries[0];
    expect(seen).toMatchObject({ userId: null, anonymous: true, isMe: false });
    expect(seen.username).toMatch(/^Fan #\d{6}$/);
  });
});
