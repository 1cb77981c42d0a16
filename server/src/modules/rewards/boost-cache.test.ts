import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../../test/test-app.ts';
import { makeChallenge } from '../../test/challenge-fixtures.ts';
import { ledgerMismatches } from '../../test/points.ts';
import { type LedgerEntry, postPoints } from '../ledger/ledger-service.ts';
import { bestActiveBoost, grantBadgeBoosts } from './boost-rules.ts';

/**
 * Awards read the organization's boosts from memory (boost-cache.ts, decision 036); these are
 * the rules that memory must not bend: every window judged at the award's own time, and every
 * operator's or badge's change applied to the very next award.
 */
const t = useTestApp();

const hour = 3600_000;
const at = (offsetHours: number) => new Date(t.clock.now().getTime() + offsetHours * hour);

async function setup() {
  const org = await createOrg(t);
  const operator = await createFan(t, org, { roles: ['operator'] });
  const fan = await createFan(t, org);
  return { org, operator, fan };
}

async function createBoost(operator: TestFan, body: Record<string, unknown>) {
  const res = await apiCall(t, operator, 'POST', '/api/admin/boosts', {
    name: 'race-weekend boost',
    multiplier: 2,
    earning: 'all',
    startsAt: at(-1).toISOString(),
    endsAt: at(47).toISOString(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { boostId: string }).boostId;
}

const award = (fan: TestFan, entry: Partial<LedgerEntry> = {}) =>
  t.db.transaction().execute((trx) =>
    postPoints(
      trx,
      {
        organizationId: fan.org.id,
        userId: fan.user.id,
        amount: 10,
        kind: 'challenge',
        description: 'Poll answered',
        at: t.clock.now(),
        earning: 'challenges',
        ...entry,
      },
      bestActiveBoost,
    ),
  );

describe('boosts the awards read from memory', () => {
  it('a boost that ended a moment ago does not multiply, one that starts now does', async () => {
    const { operator, fan } = await setup();
    const ms = (n: number) => new Date(t.clock.now().getTime() + n);
    await createBoost(operator, { startsAt: ms(-hour).toISOString(), endsAt: ms(1_000).toISOString() });
    await createBoost(operator, {
      name: 'next session',
      multiplier: 3,
      startsAt: ms(2_000).toISOString(),
      endsAt: ms(hour).toISOString(),
    });
    // The first award loads the organization's boosts; the later ones judge the same list.
    expect((await award(fan, { at: ms(999) })).amount).toBe(20);
    expect((await award(fan, { at: ms(1_000) })).amount).toBe(10);
    expect((await award(fan, { at: ms(1_999) })).amount).toBe(10);
    expect((await award(fan, { at: ms(2_000) })).amount).toBe(30);
    // A clock before the list's time (a test clock set back) is answered by the database.
    expect((await award(fan, { at: ms(-1) })).amount).toBe(20);
  });

  it("an operator's create, edit, move and delete apply to the next award", async () => {
    const { org, operator, fan } = await setup();
    const other = await createFan(t, org);
    expect((await award(fan)).amount).toBe(10);
    const boostId = await createBoost(operator, {});
    expect((await award(fan)).amount).toBe(20);
    await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, { multiplier: 1.5 });
    expect((await award(fan)).amount).toBe(15);
    // Made personal to the other fan: the fan loses it, the other fan has it.
    await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, { userId: other.user.id });
    expect((await award(fan)).amount).toBe(10);
    expect((await award(other)).amount).toBe(15);
    await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, { earning: 'content' });
    expect((await award(other)).amount).toBe(10);
    await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, { earning: 'all' });
    expect((await award(other)).amount).toBe(15);
    expect((await apiCall(t, operator, 'DELETE', `/api/admin/boosts/${boostId}`)).statusCode).toBe(204);
    expect((await award(other)).amount).toBe(10);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('a badge boost applies to the next award, and to an award in the transaction that granted it', async () => {
    const { org, operator, fan } = await setup();
    const badge = await apiCall(t, operator, 'POST', '/api/admin/badges', {
      name: 'Fan zone visitor',
      boost: { name: 'Fan-zone boost', multiplier: 2, earning: 'challenges', durationMinutes: 120 },
    });
    const badgeId = badge.json().badgeId as string;
    const grant = (to: TestFan, trx = t.db) =>
      grantBadgeBoosts(trx, {
        organizationId: org.id,
        userId: to.user.id,
        badgeIds: [badgeId],
        at: t.clock.now(),
      });
    expect((await award(fan)).amount).toBe(10);
    await t.db.transaction().execute((trx) => grant(fan, trx));
    expect((await award(fan)).amount).toBe(20);

    const second = await createFan(t, org);
    expect((await award(second)).amount).toBe(10);
    const inOne = await t.db.transaction().execute(async (trx) => {
      await grant(second, trx);
      return postPoints(
        trx,
        {
          organizationId: org.id,
          userId: second.user.id,
          amount: 10,
          kind: 'challenge',
          description: 'Activation',
          at: t.clock.now(),
          earning: 'challenges',
        },
        bestActiveBoost,
      );
    });
    expect(inOne.amount).toBe(20);
  });

  it('a poll answered during a boost pays the multiplied points through the API', async () => {
    const { org, operator, fan } = await setup();
    const first = await makeChallenge(t, org, { subtype: 'poll' });
    const second = await makeChallenge(t, org, { subtype: 'poll' });
    const answer = (id: string) => apiCall(t, fan, 'POST', `/api/challenge/${id}`, { responseIndex: 0 });
    expect((await answer(first.challengeId)).json().points).toBe(10);
    await createBoost(operator, { multiplier: 3, earning: 'challenges' });
    expect((await answer(second.challengeId)).json().points).toBe(30);
  });
});
