import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/organization/current', () => {
  it('returns the organization selected by the token with its ten ranks from P10 to P1', async () => {
    const org = await createOrg(t);
    const res = await apiCall(t, { org }, 'GET', '/api/organization/current');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organizationId).toBe(org.id);
    expect(body.token).toBe(org.publishableKey);
    expect(body.ranks.map((r: { code: string }) => r.code)).toEqual([
      'P10',
      'P9',
      'P8',
      'P7',
      'P6',
      'P5',
      'P4',
      'P3',
      'P2',
      'P1',
    ]);
  });

  it('refuses an unknown organization token with 401 invalid_organization', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/organization/current',
      headers: { 'x-organization-token': 'pk_nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_organization' });
  });

  it("refuses a fan's session token presented to another organization", async () => {
    const a = await createOrg(t);
    const b = await createOrg(t);
    const fan = await createFan(t, a);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/organization/current',
      headers: { 'x-organization-token': b.publishableKey, authorization: `Bearer ${fan.accessToken}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_token');
  });

  it('refuses an expired access token with 401', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    t.clock.advance(2 * 3600 * 1000);
    try {
      const res = await apiCall(t, fan, 'GET', '/api/organization/current');
      expect(res.statusCode).toBe(401);
    } finally {
      t.clock.advance(-2 * 3600 * 1000);
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
