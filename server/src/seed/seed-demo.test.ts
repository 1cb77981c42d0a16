import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, onRealPostgres, type TestContext, type TestFan } from '../test/test-app.ts';
import { DEMO_CREDENTIALS } from './profile-seed.ts';
import { seedDemoIfEmpty } from './seed-demo.ts';

// The demo organization has a fixed publishable key, so this runs on the per-file PGlite only;
// the shared PostgreSQL test database already holds other organizations.
describe.runIf(!onRealPostgres)('first start on an empty database', () => {
  let t: TestContext;
  let fan: TestFan;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date());
    expect(await seedDemoIfEmpty(t.db)).toEqual(DEMO_CREDENTIALS);
    const org = await t.db.selectFrom('organizations').selectAll().executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEMO_CREDENTIALS.fan.email)
      .executeTakeFirstOrThrow();
    const session = await t.deps.tokens.createSession(t.db, user, { amr: 'password' });
    fan = {
      user,
      org,
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
      password: DEMO_CREDENTIALS.fan.password,
    };
  });
  afterAll(() => t?.close());

  it('seeds once: a second start finds the organization and adds nothing', async () => {
    expect(await seedDemoIfEmpty(t.db)).toBeNull();
    const orgs = await t.db.selectFrom('organizations').select('id').execute();
    expect(orgs).toHaveLength(1);
  });

  it('shows the demo fan a populated season', async () => {
    const challenges = (await apiCall(t, fan, 'GET', '/api/challenge')).json();
    // 22 are seeded; the upcoming ones are not visible yet.
    expect(challenges.items.length).toBeGreaterThanOrEqual(15);
    const subtypes = new Set(challenges.items.map((c: { subtype: string }) => c.subtype));
    expect([...subtypes].sort()).toEqual(['arcade', 'keyword', 'pickem', 'poll', 'trivia']);
    const videos = (await apiCall(t, fan, 'GET', '/api/content/videos')).json();
    expect(videos.videos).toHaveLength(10);
    expect(videos.playlists).toHaveLength(3);
    const sweepstakes = (await apiCall(t, fan, 'GET', '/api/sweepstake')).json();
    expect(JSON.stringify(sweepstakes)).toContain('live');
    const activations = (await apiCall(t, fan, 'GET', '/api/activations/list')).json();
    expect(JSON.stringify(activations)).toContain('silverstone-fan-zone');
  });

  it('pays base prices until the Silverstone badge grants the race-weekend ×2 boost, then doubles a check-in', async () => {
    const before = (await apiCall(t, fan, 'GET', '/api/boosts')).json();
    expect(before.filter((b: { status: string }) => b.status === 'active')).toEqual([]);
    const activated = await apiCall(t, fan, 'POST', '/api/activations/activate-user', {
      slug: 'silverstone-fan-zone',
    });
    expect(activated.statusCode).toBe(200);
    const after = (await apiCall(t, fan, 'GET', '/api/boosts')).json();
    expect(after.find((b: { status: string }) => b.status === 'active')).toMatchObject({
      label: '×2 race-weekend boost',
    });
    const checkin = await apiCall(t, fan, 'POST', '/api/checkin', {});
    expect(checkin.statusCode).toBe(200);
    // The organization's table pays 10 on day 1; the boost doubles it and the ledger says why.
    expect(checkin.json().pointsAwarded).toBe(20);
    const history = (await apiCall(t, fan, 'GET', '/api/user/me/transactions')).json();
    expect(history.items[0]).toMatchObject({
      amount: 20,
      description: 'Daily check-in (day 1) ×2 race-weekend boost',
    });
  });
});
