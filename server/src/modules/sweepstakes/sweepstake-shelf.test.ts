import { describe, expect, it } from 'vitest';
import { fund } from '../../test/points.ts';
import { createSweepstake, DAY, HOUR, iso, sweepstakeOrg, travel } from '../../test/sweepstake-fixtures.ts';
import { busEcho } from '../../test/bus-echo.ts';
import { apiCall, createFan, type TestFan, useTestApp } from '../../test/test-app.ts';

/**
 * An organization's sweepstakes and winners are kept in memory (decision 032). These tests
 * warm that memory with a read, then check that an operator's create, edit and draw and a
 * winner's claim show on the very next read, that the status follows each request's clock, and
 * that nothing of one fan or organization reaches another.
 */
const t = useTestApp();

type View = {
  sweepstakeId: string;
  title: string;
  status: string;
  userEntries: number | null;
  winners: unknown[];
  userResult: { won: boolean; claimedAt: string | null } | null;
};
const list = async (as: TestFan | { org: TestFan['org'] }) =>
  (await apiCall(t, as, 'GET', '/api/sweepstake')).json() as View[];

describe('the sweepstake memory', () => {
  it('really caches, and shows a create and an edit on the next read', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const fan = await createFan(t, org);
    const created = busEcho(t, 'sweepstakes_changed', org.id);
    const s = await createSweepstake(t, operator, { title: 'First' });
    await created;
    expect((await list(fan)).map((v) => v.title)).toEqual(['First']);
    await t.db.updateTable('sweepstakes').set({ title: 'Behind' }).where('id', '=', s.sweepstakeId).execute();
    expect((await list(fan)).map((v) => v.title)).toEqual(['First']);

    const edited = await apiCall(t, operator, 'PATCH', `/api/admin/sweepstakes/${s.sweepstakeId}`, {
      title: 'Edited',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list(fan)).map((v) => v.title)).toEqual(['Edited']);
    await createSweepstake(t, operator, { title: 'Second' });
    expect((await list(fan)).map((v) => v.title).sort()).toEqual(['Edited', 'Second']);
  });

  it('judges the status against each request’s clock', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const fan = await createFan(t, org);
    await createSweepstake(t, operator, { startsAt: iso(HOUR), endsAt: iso(DAY) });
    expect((await list(fan))[0]?.status).toBe('coming_soon');
    const [again] = await travel(t, HOUR, fan);
    expect((await list(again as TestFan))[0]?.status).toBe('live');
  });

  it("shows the draw's winners, then the winner's claim, on the next read; keeps each fan's entries to them", async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, { costPerEntry: 1, claimDays: 7 });
    const entrant = await createFan(t, org, { firstName: 'Ada', lastName: 'Lee' });
    const bystander = await createFan(t, org);
    await fund(t, entrant, 1);
    expect(
      (await apiCall(t, entrant, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 })).statusCode,
    ).toBe(200);
    expect((await list(entrant))[0]?.userEntries).toBe(1);
    expect((await list(bystander))[0]?.userEntries).toBe(0);

    const [op, winner] = (await travel(t, DAY + HOUR, operator, entrant)) as [TestFan, TestFan];
    expect((await list(winner))[0]).toMatchObject({ status: 'ended', winners: [], userResult: null });
    const drawn = await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, {
      winners: 1,
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect((await list(winner))[0]).toMatchObject({
      winners: [{ displayName: 'Ada L.' }],
      userResult: { won: true, claimedAt: null },
    });

    const claim = await apiCall(t, winner, 'POST', `/api/sweepstake/${s.sweepstakeId}/claim`, {
      name: 'Ada Lee',
      contact: 'ada@example.com',
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect((await list(winner))[0]?.userResult?.claimedAt).toBe(iso(DAY + HOUR));
    const [other] = (await travel(t, DAY + HOUR, bystander)) as [TestFan];
    expect((await list(other))[0]).toMatchObject({ userEntries: 0, userResult: null });
  });

  it("never shows one organization's sweepstakes to another", async () => {
    const a = await sweepstakeOrg(t);
    const b = await sweepstakeOrg(t);
    const fanA = await createFan(t, a.org);
    const fanB = await createFan(t, b.org);
    await createSweepstake(t, a.operator, { title: 'A only' });
    expect((await list(fanA)).map((v) => v.title)).toEqual(['A only']);
    expect(await list(fanB)).toEqual([]);
    await createSweepstake(t, b.operator, { title: 'B only' });
    expect((await list(fanB)).map((v) => v.title)).toEqual(['B only']);
    expect((await list(fanA)).map((v) => v.title)).toEqual(['A only']);
  });
});
