import { DEMO_RANKS } from '../../seed/organization-seed.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let org: Organization;
let operator: TestFan;
beforeAll(async () => {
  org = await createOrg(t);
  operator = await createFan(t, org, { roles: ['operator'] });
});

describe('organization settings', () => {
  it('sets the terms and privacy links fans see (product §10.12), refusing anything but http(s)', async () => {
    const bad = await apiCall(t, operator, 'PATCH', '/api/admin/organization', {
      termsUrl: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const res = await apiCall(t, operator, 'PATCH', '/api/admin/organization', {
      termsUrl: 'https://team.example/terms',
      privacyUrl: 'https://team.example/privacy',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fan = await createFan(t, org);
    const current = (await apiCall(t, fan, 'GET', '/api/organization/current')).json();
    expect(current).toMatchObject({
      termsUrl: 'https://team.example/terms',
      privacyUrl: 'https://team.example/privacy',
    });
  });

  it('changes branding, time zone, domains and the check-in table, keeping other settings, and audits it', async () => {
    const res = await apiCall(t, operator, 'PATCH', '/api/admin/organization', {
      branding: { primaryColor: '#112233' },
      timeZone: 'America/New_York',
      internalEmailDomains: ['Team.Example'],
      checkinRewards: [5, 10, 20],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: 'America/New_York',
      branding: { primaryColor: '#112233', accentColor: '#00d2be' },
      internalEmailDomains: ['team.example'],
      checkinRewards: [5, 10, 20],
      loggedOffDashboard: false,
    });
    const audit = await apiCall(t, operator, 'GET', '/api/admin/audit?action=organization.update');
    expect(audit.json().items[0]).toMatchObject({
      before: { timeZone: 'Europe/London' },
      after: { timeZone: 'America/New_York' },
    });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }],
    [{ branding: { primaryColor: 'red' } }],
    [{ checkinRewards: [10, 0] }],
    [{ checkinRewards: [] }],
    [{ hiddenChallengeIds: ['not-a-uuid'] }],
    [{ publishableKey: 'pk_mine' }],
  ])('refuses %j with 400', async (body) => {
    const res = await apiCall(t, operator, 'PATCH', '/api/admin/organization', body);
    expect(res.statusCode).toBe(400);
  });

  it("refuses a logo that is not one of the organization's uploads", async () => {
    const res = await apiCall(t, operator, 'PATCH', '/api/admin/organization', {
      branding: { logoMediaId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('unknown_media');
  });
});

describe('served from the organization cache (decision 032)', () => {
  it('serves a setting or a rank ladder an operator changes on the very next request', async () => {
    const own = await createOrg(t, { loggedOffDashboard: false });
    const ops = await createFan(t, own, { roles: ['operator'] });
    const fan = await createFan(t, own);
    const anonymous = { org: own };
    expect((await apiCall(t, anonymous, 'GET', '/api/sweepstake')).statusCode).toBe(401);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().rank.name).toBe('Rookie');

    await apiCall(t, ops, 'PATCH', '/api/admin/organization', { loggedOffDashboard: true });
    const renamed = DEMO_RANKS.map((r) => ({ ...r, name: r.code === 'P10' ? 'Paddock Pass' : r.name }));
    expect((await apiCall(t, ops, 'PUT', '/api/admin/ranks', { ranks: renamed })).statusCode).toBe(200);

    expect((await apiCall(t, anonymous, 'GET', '/api/sweepstake')).statusCode).toBe(200);
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().rank.name).toBe('Paddock Pass');
  });
});

describe('ranks', () => {
  const ranks = (): { code: string; name: string; minPoints: number; benefits: string }[] =>
    DEMO_RANKS.map((r) => ({ ...r }));

  it('replaces the ten ranks, and the fan profile follows the new thresholds', async () => {
    const rankOrg = await createOrg(t);
    const op = await createFan(t, rankOrg, { roles: ['operator'] });
    const fan = await createFan(t, rankOrg);
    await apiCall(t, op, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
      amount: 60,
      reason: 'Seed points',
    });
    const next = ranks();
    next[1] = { code: 'P9', benefits: '', name: 'Go-Karter', minPoints: 50 };
    const res = await apiCall(t, op, 'PUT', '/api/admin/ranks', { ranks: next });
    expect(res.statusCode).toBe(200);
    const profile = await apiCall(t, op, 'GET', `/api/admin/fans/${fan.user.id}`);
    expect(profile.json().rank).toEqual({ code: 'P9', name: 'Go-Karter' });
  });

  it('refuses thresholds that do not strictly increase, a wrong order, or fewer than ten ranks', async () => {
    const flat = ranks();
    flat[2] = { code: 'P8', name: 'Flat', benefits: '', minPoints: flat[1]?.minPoints ?? 0 };
    const swapped = ranks().reverse();
    for (const body of [{ ranks: flat }, { ranks: swapped }, { ranks: ranks().slice(0, 9) }]) {
      const res = await apiCall(t, operator, 'PUT', '/api/admin/ranks', body);
      expect(res.statusCode).toBe(400);
    }
    const current = await apiCall(t, operator, 'GET', '/api/admin/ranks');
    expect(current.json().ranks).toHaveLength(10);
  });
});

describe('consent types', () => {
  it('creates, edits and deletes an optional consent type; a duplicate key is 409', async () => {
    const created = await apiCall(t, operator, 'POST', '/api/admin/consent-types', {
      key: 'sms_news',
      name: 'News by SMS',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const dup = await apiCall(t, operator, 'POST', '/api/admin/consent-types', {
      key: 'sms_news',
      name: 'Again',
    });
    expect(dup.statusCode).toBe(409);
    const edited = await apiCall(t, operator, 'PATCH', `/api/admin/consent-types/${id}`, {
      description: 'Race alerts',
    });
    expect(edited.json()).toMatchObject({ key: 'sms_news', description: 'Race alerts' });
    expect((await apiCall(t, operator, 'DELETE', `/api/admin/consent-types/${id}`)).statusCode).toBe(204);
    const list = await apiCall(t, operator, 'GET', '/api/admin/consent-types');
    expect(list.json().items.map((c: { key: string }) => c.key)).not.toContain('sms_news');
  });

  it('refuses to delete a required consent type', async () => {
    const list = await apiCall(t, operator, 'GET', '/api/admin/consent-types');
    const terms = list.json().items.find((c: { key: string }) => c.key === 'terms');
    const res = await apiCall(t, operator, 'DELETE', `/api/admin/consent-types/${terms.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('consent_required');
  });
});

describe('GET /api/admin/stats', () => {
  it('counts points issued and spent and active fans per day', async () => {
    t.clock.set(new Date());
    const statsOrg = await createOrg(t);
    const op = await createFan(t, statsOrg, { roles: ['operator'] });
    const fan = await createFan(t, statsOrg);
    await apiCall(t, op, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
      amount: 70,
      reason: 'Gift',
    });
    await apiCall(t, op, 'POST', `/api/admin/fans/${fan.user.id}/adjust-points`, {
      amount: -20,
      reason: 'Fix',
    });
    const res = await apiCall(t, op, 'GET', '/api/admin/stats?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days.length).toBeGreaterThanOrEqual(7);
    expect(body.totals).toMatchObject({ issued: 70, spent: 20, fans: 2 });
    const today = body.days.at(-1);
    expect(today).toMatchObject({ issued: 70, spent: 20, activeFans: 1 });
  });
});
