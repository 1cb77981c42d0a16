import { describe, expect, it } from 'vitest';
import { demoTeam } from '../test/demo-team.ts';
import { apiCall, useTestApp } from '../test/test-app.ts';
import { ledgerMismatches } from '../test/points.ts';
import { seedSeason } from './seed-season.ts';

const t = useTestApp();

describe('the demo crowd (a believable season)', () => {
  it('fills the season: hundreds of fans, spread results, a full board, a drawable sweepstake, balances = ledger', async () => {
    const { org, fan, operator } = await demoTeam(t);
    const started = Date.now();
    await t.db
      .transaction()
      .execute((trx) =>
        seedSeason(trx, { org, now: t.clock.now(), fanId: fan.user.id, operatorId: operator.user.id }),
      );
    console.info(`seedSeason with the crowd: ${Date.now() - started} ms`);

    const fans = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(Number(fans.n)).toBeGreaterThanOrEqual(200);

    const admin = (await apiCall(t, operator, 'GET', '/api/admin/challenges')).json().items as {
      challengeId: string;
      subtype: string;
      title: string;
      options: { text: string }[];
    }[];
    // Every open poll has many answers and no option takes them all.
    const polls = admin.filter((c) => c.subtype === 'poll');
    let withCrowd = 0;
    for (const poll of polls) {
      const results = (
        await apiCall(t, operator, 'GET', `/api/admin/challenges/${poll.challengeId}/results`)
      ).json();
      if (results.completedResponses === 0) continue;
      withCrowd += 1;
      expect(results.completedResponses).toBeGreaterThanOrEqual(30);
      expect(Math.max(...results.options.map((o: { percent: number }) => o.percent))).toBeLessThan(90);
    }
    expect(withCrowd).toBeGreaterThanOrEqual(4);

    // The pole pick'em offers the team's drivers, and the demo fan still has their prediction.
    const pole = admin.find((c) => c.title === 'Who takes pole at Silverstone?');
    expect(pole?.options.map((o) => o.text)).toEqual(expect.arrayContaining(['Marco Velti', 'Sam Okafor']));

    // The demo fan starts from nothing; the crowd fills the season board.
    const board = (await apiCall(t, fan, 'GET', '/api/leaderboard/season')).json();
    expect(board.total).toBeGreaterThanOrEqual(200);
    expect(board.entries).toHaveLength(100);
    expect(board.entries[0].points).toBeGreaterThan(board.entries[99].points);
    expect(board.me).toEqual({ position: null, points: 0 });
    const operatorBoard = await apiCall(t, operator, 'GET', '/api/admin/leaderboard/season');
    expect(operatorBoard.json().items.length).toBeGreaterThanOrEqual(50);

    // One sweepstake closed with the crowd's entries, waiting for the operator's draw.
    const list = (await apiCall(t, fan, 'GET', '/api/sweepstake')).json() as {
      sweepstakeId: string;
      status: string;
      winners: unknown[];
      totalEntries?: number;
    }[];
    const waiting = list.filter((s) => s.status === 'ended' && s.winners.length === 0);
    expect(waiting).toHaveLength(1);
    const drawn = await apiCall(
      t,
      operator,
      'POST',
      `/api/admin/sweepstakes/${waiting[0]?.sweepstakeId}/draw`,
      {
        winners: 1,
      },
    );
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().entries.length).toBeGreaterThanOrEqual(30);
    expect(drawn.json().winners).toHaveLength(1);

    // Settling the pole pick'em pays the demo fan and every crowd fan who called it.
    const settled = await apiCall(t, operator, 'POST', `/api/admin/challenges/${pole?.challengeId}/settle`, {
      outcomeIndex: 0,
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json().fansPaid).toBeGreaterThan(10);

    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
    const negative = await t.db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', org.id)
      .where('points', '<', 0)
      .execute();
    expect(negative).toEqual([]);
  });
});
