import { describe, expect, it } from 'vitest';
import { apiCall, createFan, type TestFan, useTestApp } from '../../test/test-app.ts';
import { fund } from '../../test/points.ts';
import { createSweepstake, DAY, HOUR, sweepstakeOrg, travel } from '../../test/sweepstake-fixtures.ts';

const t = useTestApp();

describe('winners told and claiming (product §10.6)', () => {
  it('tells the winner (view, e-mail), says "not this time" to the others, takes one claim before the deadline, shows it to the operator', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, {
      costPerEntry: 1,
      claimInstructions: 'Send us your postal address for the helmet.',
      claimDays: 7,
    });
    const fans: TestFan[] = [];
    for (const i of [0, 1]) {
      const fan = await createFan(t, org, { firstName: `Fan${i}`, lastName: 'Rivera' });
      await fund(t, fan, 1);
      await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
      fans.push(fan);
    }
    const [op, a, b] = (await travel(t, DAY + HOUR, operator, fans[0] as TestFan, fans[1] as TestFan)) as [
      TestFan,
      TestFan,
      TestFan,
    ];
    const drawn = await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, {
      winners: 1,
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const views = await Promise.all(
      [a, b].map(async (f) => (await apiCall(t, f, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json()),
    );
    const winnerIndex = views.findIndex((v) => v.userResult?.won);
    expect(winnerIndex).toBeGreaterThanOrEqual(0);
    const winner = [a, b][winnerIndex] as TestFan;
    const loser = [a, b][1 - winnerIndex] as TestFan;
    expect(views[winnerIndex]).toMatchObject({
      claimInstructions: 'Send us your postal address for the helmet.',
      userResult: { won: true, position: 1, claimedAt: null },
    });
    expect(new Date(views[winnerIndex].userResult.claimBy).getTime()).toBe(
      new Date(views[winnerIndex].drawnAt).getTime() + 7 * DAY,
    );
    expect(views[1 - winnerIndex].userResult).toEqual({
      won: false,
      position: null,
      claimBy: null,
      claimedAt: null,
    });

    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('organizationId', '=', org.id)
      .where('recipient', '=', winner.user.email as string)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('You won: Signed helmet');
    expect(mail[0]?.body).toContain('Send us your postal address');
    const loserMail = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', loser.user.email as string)
      .execute();
    expect(loserMail).toEqual([]);

    const body = { name: 'Fan Rivera', contact: '1 Pit Lane, Silverstone' };
    const notMine = await apiCall(t, loser, 'POST', `/api/sweepstake/${s.sweepstakeId}/claim`, body);
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().code).toBe('not_a_winner');
    const claimed = await apiCall(t, winner, 'POST', `/api/sweepstake/${s.sweepstakeId}/claim`, body);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().userResult.claimedAt).not.toBeNull();
    const again = await apiCall(t, winner, 'POST', `/api/sweepstake/${s.sweepstakeId}/claim`, body);
    expect(again.json().code).toBe('already_claimed');

    const admin = (await apiCall(t, op, 'GET', '/api/admin/sweepstakes')).json();
    const row = (admin.items ?? admin).find(
      (x: { sweepstakeId: string }) => x.sweepstakeId === s.sweepstakeId,
    );
    expect(row.winnerClaims).toEqual([
      expect.objectContaining({
        position: 1,
        claimName: 'Fan Rivera',
        claimContact: '1 Pit Lane, Silverstone',
      }),
    ]);
    expect(row.winnerClaims[0].claimedAt).not.toBeNull();
  });

  it('refuses a claim after the deadline (claim_expired)', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, { costPerEntry: 1, claimDays: 1 });
    const fan = await createFan(t, org);
    await fund(t, fan, 1);
    await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    const [op] = (await travel(t, DAY + HOUR, operator)) as [TestFan];
    await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, { winners: 1 });
    const [late] = (await travel(t, 3 * DAY, fan)) as [TestFan];
    const res = await apiCall(t, late, 'POST', `/api/sweepstake/${s.sweepstakeId}/claim`, {
      name: 'Late Fan',
      contact: 'late@example.com',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('claim_expired');
  });
});
