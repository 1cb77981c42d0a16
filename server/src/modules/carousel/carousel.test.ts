import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const ids = (body: { id: string }[]) => body.map((i) => i.id);
const ALL = ['watch-and-earn', 'rank-benefits', 'race-week-contests', 'team-shop', 'meet-the-cars'];

describe('GET /api/carousel', () => {
  it('lists the fixed demo items of product §3 linking to /media, /benefits, /contests, the shop and /cars', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const res = await apiCall(t, fan, 'GET', '/api/carousel');
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(ids(items)).toEqual(ALL);
    expect(items.map((i: { url: string }) => i.url)).toEqual([
      '/media',
      '/benefits',
      '/contests',
      'https://shop.example.com/paddock',
      '/cars',
    ]);
    expect(items[0]).toMatchObject({ title: 'Watch & earn', points: 25, cta: 'Watch now', isAd: false });
    expect(items[0].image).toMatch(/^data:image\/svg\+xml/);
  });

  it('hides age-gated items from an under-18 fan and from a fan without a birthday', async () => {
    const org = await createOrg(t);
    const teen = await createFan(t, org, { birthday: '2010-03-01' });
    const unknownAge = await createFan(t, org, { birthday: null });
    for (const fan of [teen, unknownAge]) {
      expect(ids((await apiCall(t, fan, 'GET', '/api/carousel')).json())).toEqual([
        'watch-and-earn',
        'meet-the-cars',
      ]);
    }
  });

  it('answers 401 when anonymous', async () => {
    const org = await createOrg(t);
    expect((await apiCall(t, { org }, 'GET', '/api/carousel')).statusCode).toBe(401);
  });
});

describe('DELETE /api/carousel/{id}', () => {
  it('persists the dismissal for this fan only, also on a new session, and is idempotent', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    expect((await apiCall(t, fan, 'DELETE', '/api/carousel/team-shop')).statusCode).toBe(204);
    expect((await apiCall(t, fan, 'DELETE', '/api/carousel/team-shop')).statusCode).toBe(204);
    const again = await t.deps.tokens.createSession(t.db, fan.user, { amr: 'password' });
    const otherDevice = { ...fan, accessToken: again.access_token };
    expect(ids((await apiCall(t, otherDevice, 'GET', '/api/carousel')).json())).toEqual(
      ALL.filter((id) => id !== 'team-shop'),
    );
    expect(ids((await apiCall(t, other, 'GET', '/api/carousel')).json())).toEqual(ALL);
  });

  it('answers 404 for an unknown item and 401 when anonymous', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const res = await apiCall(t, fan, 'DELETE', '/api/carousel/free-car');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await apiCall(t, { org }, 'DELETE', '/api/carousel/team-shop')).statusCode).toBe(401);
  });
});
