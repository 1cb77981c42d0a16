import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../db/schema.ts';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../test/test-app.ts';
import { ledgerMismatches } from '../test/points.ts';

const t = useTestApp();
let org: Organization;
let operator: TestFan;
beforeAll(async () => {
  org = await createOrg(t);
  operator = await createFan(t, org, { roles: ['operator'], email: `op-${Date.now()}@paddock.demo` });
});

const signIn = (fan: TestFan) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { apikey: fan.org.publishableKey, 'content-type': 'application/json' },
    payload: { email: fan.user.email, password: fan.password },
  });

describe('fan search and profile', () => {
  it('finds a fan by part of the e-mail, by name and by phone digits, only in the own organization', async () => {
    const fan = await createFan(t, org, {
      email: 'lando.search@example.com',
      firstName: 'Lando',
      lastName: 'Searchable',
      phoneNumber: '+44 20 7946 0123',
    });
    const other = await createOrg(t);
    await createFan(t, other, { email: 'lando.search2@example.com' });
    for (const q of ['lando.search', 'lando searchable', '7946 0123']) {
      const res = await apiCall(t, operator, 'GET', `/api/admin/fans?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((f: { userId: string }) => f.userId)).toEqual([fan.user.id]);
    }
  });

  it('pages through results with a cursor', async () => {
    const pageOrg = await createOrg(t);
    const op = await createFan(t, pageOrg, { roles: ['operator'] });
    for (let i = 0; i < 3; i++) await createFan(t, pageOrg);
    const first = await apiCall(t, op, 'GET', '/api/admin/fans?limit=2');
    expect(first.json().items).toHaveLength(2);
    const second = await apiCall(t, op, 'GET', `/api/admin/fans?limit=2&cursor=${first.json().nextCursor}`);
    expect(second.json().items).toHaveLength(2);
    expect(second.json().nextCursor).toBeNull();
  });

  it("shows a fan's points, lifetime points and rank", async () => {
    const fan = await createFan(t, org);
    await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
      amount: 150,
      reason: 'Welcome gift',
    });
    const res = await apiCall(t, operator, 'GET', `/api/admin/fans/${fan.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      points: 150,
      lifetimePoints: 150,
      rank: { code: 'P9', name: 'Karting Kid' },
      blocked: false,
      badges: [],
      entries: [],
    });
  });
});

describe('POST /api/admin/fans/{id}/adjust-points', () => {
  it('posts an adjustment with the reason to the ledger and audits before/after', async () => {
    const fan = await createFan(t, org);
    const res = await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
      amount: 40,
      reason: 'Missing points for race 3 poll',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ points: 40, lifetimePoints: 40 });

    const history = await apiCall(t, operator, 'GET', `/api/admin/fans/${fan.user.id}/transactions`);
    expect(history.json().items).toEqual([
      expect.objectContaining({
        amount: 40,
        kind: 'adjustment',
        description: 'Missing points for race 3 poll',
      }),
    ]);

    const minus = await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
      amount: -15,
      reason: 'Duplicate award',
    });
    expect(minus.json()).toMatchObject({ points: 25, lifetimePoints: 40 });

    const audit = await apiCall(
      t,
      operator,
      'GET',
      `/api/admin/audit?action=fan.adjust_points&target=${fan.user.id}`,
    );
    const items = audit.json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      actorUserId: operator.user.id,
      actorEmail: operator.user.email,
      targetType: 'user',
      targetId: fan.user.id,
      before: { points: 40, lifetimePoints: 40 },
      after: { points: 25, lifetimePoints: 40, amount: -15, reason: 'Duplicate award' },
    });
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses to overdraw with 422 insufficient_points and leaves no ledger row or audit line', async () => {
    const fan = await createFan(t, org);
    const res = await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
      amount: -1,
      reason: 'Take one',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('insufficient_points');
    const history = await apiCall(t, operator, 'GET', `/api/admin/fans/${fan.user.id}/transactions`);
    expect(history.json().items).toEqual([]);
    const audit = await apiCall(t, operator, 'GET', `/api/admin/audit?target=${fan.user.id}`);
    expect(audit.json().items).toEqual([]);
  });

  it.each([
    [{ amount: 0, reason: 'Nothing at all' }],
    [{ amount: 10, reason: 'ab' }],
    [{ amount: 10 }],
    [{ amount: 1.5, reason: 'Half a point' }],
    [{ amount: 10, reason: 'x'.repeat(501) }],
    [{ amount: 10, reason: 'Fine reason', extra: true }],
  ])('refuses %j with 400 validation_failed', async (body) => {
    const fan = await createFan(t, org);
    const res = await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('block and unblock', () => {
  it('ends the fan’s sessions (401 on /api), refuses sign-in, and unblocking lets them back in', async () => {
    const fan = await createFan(t, org);
    expect((await apiCall(t, fan, 'GET', '/api/organization/current')).statusCode).toBe(200);

    const block = await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/block`);
    expect(block.statusCode).toBe(200);
    expect(block.json().blocked).toBe(true);

    const after = await apiCall(t, fan, 'GET', '/api/organization/current');
    expect(after.statusCode).toBe(401);
    const signInRes = await signIn(fan);
    expect(signInRes.statusCode).toBe(400);
    expect(signInRes.json()).toMatchObject({ error_code: 'user_banned' });

    const unblock = await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/unblock`);
    expect(unblock.json().blocked).toBe(false);
    expect((await signIn(fan)).statusCode).toBe(200);

    const audit = await apiCall(t, operator, 'GET', `/api/admin/audit?target=${fan.user.id}`);
    expect(audit.json().items.map((a: { action: string }) => a.action)).toEqual(['fan.unblock', 'fan.block']);
    expect(audit.json().items[1].after).toMatchObject({ sessionsEnded: 1 });
  });

  it('refuses an operator blocking themselves', async () => {
    const res = await apiCall(t, operator, 'POST', `/api/admin/fans/${operator.user.id}/block`);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('cannot_block_self');
  });
});

describe('POST /api/admin/fans/{id}/roles', () => {
  it('lets an admin grant the operator role, which then opens the console to that user', async () => {
    const admin = await createFan(t, org, { roles: ['admin'] });
    const fan = await createFan(t, org);
    expect((await apiCall(t, fan, 'GET', '/api/admin/fans')).statusCode).toBe(403);
    const res = await apiCall(t, admin, 'POST', `/api/admin/fans/${fan.user.id}/roles`, {
      roles: ['operator'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['operator']);
    expect((await apiCall(t, fan, 'GET', '/api/admin/fans')).statusCode).toBe(200);
  });

  it('refuses an operator who is not an admin with 403', async () => {
    const fan = await createFan(t, org);
    const res = await apiCall(t, operator, 'POST', `/api/admin/fans/${fan.user.id}/roles`, {
      roles: ['admin'],
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses an unknown role with 400', async () => {
    const admin = await createFan(t, org, { roles: ['admin'] });
    const fan = await createFan(t, org);
    const res = await apiCall(t, admin, 'POST', `/api/admin/fans/${fan.user.id}/roles`, { roles: ['root'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/admin/audit filters', () => {
  it('filters by actor e-mail and by time, newest first', async () => {
    const auditOrg = await createOrg(t);
    const op = await createFan(t, auditOrg, { roles: ['operator'], email: 'audit-filter-op@example.com' });
    const fan = await createFan(t, auditOrg);
    for (const amount of [1, 2, 3]) {
      await apiCall(t, op, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
        amount,
        reason: `Gift ${amount}`,
      });
    }
    const res = await apiCall(t, op, 'GET', '/api/admin/audit?actor=audit-filter-op');
    expect(res.json().items.map((a: { after: { amount: number } }) => a.after.amount)).toEqual([3, 2, 1]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const none = await apiCall(t, op, 'GET', `/api/admin/audit?from=${encodeURIComponent(future)}`);
    expect(none.json().items).toEqual([]);
    const bad = await apiCall(t, op, 'GET', '/api/admin/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });
});
