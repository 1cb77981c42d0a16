import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';
import { balance, expectPaidOnce, ledgerMismatches } from '../../test/points.ts';
import { makeActivation } from '../../test/activation-factories.ts';

const t = useTestApp();

const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3600_000;
const iso = (ms: number) => new Date(NOW.getTime() + ms);

describe('GET /api/activations', () => {
  it('lists activations with status from the window and is open to anonymous callers', async () => {
    t.clock.set(NOW);
    const org = await createOrg(t, { loggedOffDashboard: false });
    await makeActivation(t.db, org.id, { slug: 'fan-zone', badges: ['Fan zone'] });
    await makeActivation(t.db, org.id, { slug: 'later', startsAt: iso(2 * HOUR), stopsAt: iso(3 * HOUR) });
    await makeActivation(t.db, org.id, { slug: 'over', startsAt: iso(-3 * HOUR), stopsAt: iso(-2 * HOUR) });
    const res = await apiCall(t, { org }, 'GET', '/api/activations/list');
    expect(res.statusCode).toBe(200);
    const bySlug = Object.fromEntries(
      res
        .json()
        .map((a: { slug: string; status: string; activated: boolean | null }) => [
          a.slug,
          [a.status, a.activated],
        ]),
    );
    expect(bySlug).toEqual({ 'fan-zone': ['open', null], later: ['upcoming', null], over: ['closed', null] });
  });

  it('finds one activation by slug or by id; another organization’s is 404', async () => {
    t.clock.set(NOW);
    const org = await createOrg(t);
    const a = await makeActivation(t.db, org.id, {
      slug: 'pit-walk',
      badges: ['Pit walker'],
      bonusPoints: 40,
    });
    const bySlug = await apiCall(t, { org }, 'GET', '/api/activations/pit-walk');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({
      activationId: a.id,
      status: 'open',
      bonusPoints: 40,
      badges: [{ name: 'Pit walker' }],
    });
    const byId = await apiCall(t, { org }, 'GET', `/api/activations/${a.id}`);
    expect(byId.json().slug).toBe('pit-walk');
    const other = await createOrg(t);
    expect((await apiCall(t, { org: other }, 'GET', '/api/activations/pit-walk')).statusCode).toBe(404);
    expect((await apiCall(t, { org: other }, 'GET', `/api/activations/${a.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/activations/activate-user', () => {
  it('grants the badges and the bonus once; a repeat answers 200 with nothing new', async () => {
    t.clock.set(NOW);
    const org = await createOrg(t);
    await makeActivation(t.db, org.id, {
      slug: 'silverstone',
      bonusPoints: 150,
      badges: ['Silverstone 2026', 'Fan zone'],
    });
    const fan = await createFan(t, org);
    const first = await apiCall(t, fan, 'POST', '/api/activations/activate-user', { slug: 'silverstone' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ pointsAwarded: 150, alreadyActivated: false });
    expect(first.json().badges.map((b: { name: string }) => b.name)).toEqual([
      'Fan zone',
      'Silverstone 2026',
    ]);

    const again = await apiCall(t, fan, 'POST', '/api/activations/activate-user', { slug: 'silverstone' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ badges: [], pointsAwarded: 0, alreadyActivated: true });

    expect(await balance(t, fan)).toBe(150);
    const badges = await t.db
      .selectFrom('userBadges')
      .select(['how'])
      .where('userId', '=', fan.user.id)
      .execute();
    expect(badges).toHaveLength(2);
    expect(badges.every((b) => b.how === 'activation')).toBe(true);
    const view = (await apiCall(t, fan, 'GET', '/api/activations/silverstone')).json();
    expect(view.activated).toBe(true);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses outside the window with 422 activation_not_open', async () => {
    t.clock.set(NOW);
    const org = await createOrg(t);
    await makeActivation(t.db, org.id, {
      slug: 'soon',
      startsAt: iso(HOUR),
      stopsAt: iso(2 * HOUR),
      bonusPoints: 10,
    });
    await makeActivation(t.db, org.id, {
      slug: 'gone',
      startsAt: iso(-2 * HOUR),
      stopsAt: iso(-HOUR),
      bonusPoints: 10,
    });
    const fan = await createFan(t, org);
    for (const slug of ['soon', 'gone']) {
      const res = await apiCall(t, fan, 'POST', '/api/activations/activate-user', { slug });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('activation_not_open');
    }
    expect(await balance(t, fan)).toBe(0);
  });

  it('needs a signed-in fan (401), an existing slug (404) and a body with a slug (400)', async () => {
    t.clock.set(NOW);
    const org = await createOrg(t);
    await makeActivation(t.db, org.id, { slug: 'open-one' });
    const fan = await createFan(t, org);
    expect(
      (await apiCall(t, { org }, 'POST', '/api/activations/activate-user', { slug: 'open-one' })).statusCode,
    ).toBe(401);
    expect(
      (await apiCall(t, fan, 'POST', '/api/activations/activate-user', { slug: 'nope' })).statusCode,
    ).toBe(404);
    expect((await apiCall(t, fan, 'POST', '/api/activations/activate-user', {})).statusCode).toBe(400);
  });

  it('pays and grants once under concurrent double taps', async () => {
    t.clock.set(NOW);
    const org = await createOrg(t);
    await makeActivation(t.db, org.id, { slug: 'tap', bonusPoints: 25, badges: ['Tapper'] });
    const fan = await createFan(t, org);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        apiCall(t, fan, 'POST', '/api/activations/activate-user', { slug: 'tap' }),
      ),
    );
    await expectPaidOnce(t, fan, results, 25);
  });
});
