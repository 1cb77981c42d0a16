import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../../test/test-app.ts';
import { auditActions, expectOperatorOnly } from '../../test/admin-fixtures.ts';
import { ledgerMismatches } from '../../test/points.ts';
import { type LedgerEntry, postPoints } from '../ledger/ledger-service.ts';
import { bestActiveBoost, grantBadgeBoosts } from './boost-rules.ts';

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
  return res.json() as { boostId: string };
}

/** An award as an earning caller posts it: with the rewards module's boost lookup. */
function award(fan: TestFan, entry: Partial<LedgerEntry>) {
  return t.db.transaction().execute((trx) =>
    postPoints(
      trx,
      {
        organizationId: fan.org.id,
        userId: fan.user.id,
        amount: 25,
        kind: 'challenge',
        description: 'Poll answered',
        ...entry,
      },
      bestActiveBoost,
    ),
  );
}

const lastLine = async (fan: TestFan) =>
  t.db
    .selectFrom('pointTransactions')
    .select(['amount', 'description'])
    .where('userId', '=', fan.user.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('boosted awards', () => {
  it('an award inside the window pays the multiplied value and the ledger line names the boost', async () => {
    const { org, operator, fan } = await setup();
    await createBoost(operator, {});
    const result = await award(fan, { at: t.clock.now(), earning: 'challenges' });
    expect(result).toMatchObject({ applied: true, amount: 50, points: 50, lifetimePoints: 50 });
    expect(result.boost).toMatchObject({ name: 'race-weekend boost', multiplier: 2 });
    expect(await lastLine(fan)).toEqual({ amount: 50, description: 'Poll answered ×2 race-weekend boost' });
    const history = (await apiCall(t, fan, 'GET', '/api/user/me/transactions')).json();
    expect(JSON.stringify(history)).toContain('Poll answered ×2 race-weekend boost');
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('an award outside the window (before or at its end) pays the base value', async () => {
    const { operator, fan } = await setup();
    await createBoost(operator, { startsAt: at(1).toISOString(), endsAt: at(2).toISOString() });
    expect((await award(fan, { at: at(0), earning: 'challenges' })).amount).toBe(25);
    expect((await award(fan, { at: at(2), earning: 'challenges' })).amount).toBe(25);
    expect(await lastLine(fan)).toEqual({ amount: 25, description: 'Poll answered' });
    expect((await award(fan, { at: at(1.5), earning: 'challenges' })).amount).toBe(50);
  });

  it('callers that pass neither `at` nor `earning` keep their exact amounts even during a boost', async () => {
    const { operator, fan } = await setup();
    await createBoost(operator, {});
    expect((await award(fan, {})).amount).toBe(25);
    expect((await award(fan, { at: t.clock.now() })).amount).toBe(25);
    expect((await award(fan, { earning: 'checkin' })).amount).toBe(25);
    // Spends are never boosted.
    expect((await award(fan, { amount: -10, at: t.clock.now(), earning: 'content' })).amount).toBe(-10);
    expect((await lastLine(fan)).description).toBe('Poll answered');
  });

  it('matches the kind of earning, takes the best boost without stacking, and rounds', async () => {
    const { operator, fan } = await setup();
    const other = await createFan(t, fan.org);
    await createBoost(operator, { name: 'video week', multiplier: 3, earning: 'content' });
    await createBoost(operator, { name: 'check-in bonus', multiplier: 1.5, earning: 'checkin' });
    await createBoost(operator, {
      name: 'VIP boost',
      multiplier: 2.5,
      earning: 'checkin',
      userId: fan.user.id,
    });
    const now = t.clock.now();
    expect((await award(fan, { amount: 10, at: now, earning: 'challenges' })).amount).toBe(10);
    expect((await award(fan, { amount: 10, at: now, earning: 'content' })).amount).toBe(30);
    // The fan's own ×2.5 beats the organization's ×1.5; another fan gets only the ×1.5 (15 × 1.5 = 22.5 → 23).
    const mine = await award(fan, { amount: 15, at: now, earning: 'checkin' });
    expect(mine).toMatchObject({ amount: 38 });
    expect((await lastLine(fan)).description).toBe('Poll answered ×2.5 VIP boost');
    expect((await award(other, { amount: 15, at: now, earning: 'checkin' })).amount).toBe(23);
    expect(await ledgerMismatches(t.db, fan.org.id)).toEqual([]);
  });

  it('a boost of another organization never applies', async () => {
    const { fan } = await setup();
    const elsewhere = await setup();
    await createBoost(elsewhere.operator, { multiplier: 5 });
    expect((await award(fan, { at: t.clock.now(), earning: 'content' })).amount).toBe(25);
  });
});

describe('GET /api/boosts', () => {
  it('lists the fan’s active then upcoming boosts, never ended ones or another fan’s', async () => {
    const { org, operator, fan } = await setup();
    const other = await createFan(t, org);
    await createBoost(operator, {
      name: 'ended',
      startsAt: at(-5).toISOString(),
      endsAt: at(-1).toISOString(),
    });
    await createBoost(operator, {
      name: 'next weekend',
      startsAt: at(100).toISOString(),
      endsAt: at(150).toISOString(),
    });
    await createBoost(operator, { name: 'race-weekend boost' });
    await createBoost(operator, { name: 'not yours', userId: other.user.id });
    const res = await apiCall(t, fan, 'GET', '/api/boosts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        name: 'race-weekend boost',
        status: 'active',
        scope: 'organization',
        label: '×2 race-weekend boost',
        endsAt: at(47).toISOString(),
      }),
      expect.objectContaining({ name: 'next weekend', status: 'upcoming' }),
    ]);
    expect((await apiCall(t, { org }, 'GET', '/api/boosts')).statusCode).toBe(401);
  });
});

describe('badge boosts', () => {
  it('a badge carrying a boost grants the personal boost once, from the moment it is earned', async () => {
    const { org, operator, fan } = await setup();
    const badge = await apiCall(t, operator, 'POST', '/api/admin/badges', {
      name: 'Fan zone visitor',
      boost: { name: 'Fan-zone boost', multiplier: 2, earning: 'content', durationMinutes: 120 },
    });
    expect(badge.statusCode, badge.body).toBe(201);
    const badgeId = badge.json().badgeId as string;
    const plain = await apiCall(t, operator, 'POST', '/api/admin/badges', { name: 'No boost' });
    const grant = () =>
      t.db.transaction().execute((trx) =>
        grantBadgeBoosts(trx, {
          organizationId: org.id,
          userId: fan.user.id,
          badgeIds: [badgeId, plain.json().badgeId],
          at: t.clock.now(),
        }),
      );
    const first = await grant();
    expect(first).toEqual([expect.objectContaining({ badgeId, name: 'Fan-zone boost', multiplier: 2 })]);
    expect(await grant()).toEqual([]);
    const boosts = (await apiCall(t, fan, 'GET', '/api/boosts')).json();
    expect(boosts).toEqual([
      expect.objectContaining({ name: 'Fan-zone boost', scope: 'personal', endsAt: at(2).toISOString() }),
    ]);
    expect((await award(fan, { at: at(1), earning: 'content' })).amount).toBe(50);
    expect((await award(fan, { at: at(2), earning: 'content', onceKey: 'later' })).amount).toBe(25);
  });
});

describe('operator boosts', () => {
  it('creates, edits, lists and deletes boosts, audited', async () => {
    const { operator } = await setup();
    const { boostId } = await createBoost(operator, {});
    const patched = await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, { multiplier: 1.5 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ multiplier: 1.5, status: 'active', userId: null });
    const list = (await apiCall(t, operator, 'GET', '/api/admin/boosts')).json();
    expect(list).toEqual([expect.objectContaining({ boostId, multiplier: 1.5 })]);
    const del = await apiCall(t, operator, 'DELETE', `/api/admin/boosts/${boostId}`);
    expect(del.statusCode).toBe(204);
    expect((await apiCall(t, operator, 'GET', `/api/admin/boosts/${boostId}`)).statusCode).toBe(404);
    expect(await auditActions(t, operator.org.id, { targetId: boostId })).toEqual([
      'boost.create',
      'boost.update',
      'boost.delete',
    ]);
  });

  it('refuses a bad window or multiplier (400), a reversed window on edit and a fan of another org (422)', async () => {
    const { operator } = await setup();
    const bad = await apiCall(t, operator, 'POST', '/api/admin/boosts', {
      name: 'x',
      multiplier: 1,
      startsAt: at(0).toISOString(),
      endsAt: at(1).toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    const elsewhere = await setup();
    const foreign = await apiCall(t, operator, 'POST', '/api/admin/boosts', {
      name: 'x',
      multiplier: 2,
      userId: elsewhere.fan.user.id,
      startsAt: at(0).toISOString(),
      endsAt: at(1).toISOString(),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('fan_not_found');
    const { boostId } = await createBoost(operator, {});
    const reversed = await apiCall(t, operator, 'PATCH', `/api/admin/boosts/${boostId}`, {
      endsAt: at(-2).toISOString(),
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().code).toBe('invalid_window');
  });

  it('fan → 403, anonymous → 401, another organization’s boost → 404', async () => {
    const { operator, fan } = await setup();
    const { boostId } = await createBoost(operator, {});
    await expectOperatorOnly(t, fan, [
      ['GET', '/api/admin/boosts'],
      ['POST', '/api/admin/boosts'],
      ['PATCH', `/api/admin/boosts/${boostId}`],
      ['DELETE', `/api/admin/boosts/${boostId}`],
    ]);
    const other = await setup();
    expect((await apiCall(t, other.operator, 'GET', `/api/admin/boosts/${boostId}`)).statusCode).toBe(404);
    expect(
      (await apiCall(t, other.operator, 'PATCH', `/api/admin/boosts/${boostId}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await apiCall(t, other.operator, 'DELETE', `/api/admin/boosts/${boostId}`)).statusCode).toBe(404);
    expect((await apiCall(t, operator, 'GET', `/api/admin/boosts/${boostId}`)).statusCode).toBe(200);
  });
});
