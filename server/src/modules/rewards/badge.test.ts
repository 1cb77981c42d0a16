import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import { apiCall, createFan, createOrg, type TestFan, useTimedTestApp } from '../../test/test-app.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { auditActions, expectOperatorOnly } from '../../test/admin-fixtures.ts';
import { signInAgain } from '../../test/points.ts';
import { makeActivation } from '../../test/activation-factories.ts';
import { awardMilestoneBadges, type MilestoneEvent } from './badge-milestones.ts';

const t = useTimedTestApp();

const DAY = 24 * 3600_000;

function award(fan: TestFan, input: { streakDays?: number; event?: MilestoneEvent }) {
  return t.db.transaction().execute((trx) =>
    awardMilestoneBadges(trx, {
      organizationId: fan.org.id,
      userId: fan.user.id,
      at: t.clock.now(),
      ...input,
    }),
  );
}

const wallet = async (fan: TestFan) => {
  const res = await apiCall(t, await signInAgain(t, fan), 'GET', '/api/user/me/badges');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { name: string; how: string; howText: string; earnedAt: string }[];
};

describe('milestone badges', () => {
  it('the 7-day streak badge appears exactly once when the streak reaches 7', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    for (let day = 1; day <= 6; day++) expect(await award(fan, { streakDays: day })).toEqual([]);
    expect(await wallet(fan)).toEqual([]);
    const granted = await award(fan, { streakDays: 7 });
    expect(granted).toEqual([expect.objectContaining({ key: 'streak_7', name: '7-day streak' })]);
    // A later fan's grant names the badge as the organization's badges table has it now (an
    // operator may rename it), read in the grant's own statement.
    await t.db
      .updateTable('badges')
      .set({ name: 'Week warrior' })
      .where('id', '=', granted[0]!.badgeId)
      .execute();
    const other = await createFan(t, org);
    expect(await award(other, { streakDays: 7 })).toEqual([
      { badgeId: granted[0]?.badgeId, key: 'streak_7', name: 'Week warrior' },
    ]);
    await t.db
      .updateTable('badges')
      .set({ name: '7-day streak' })
      .where('id', '=', granted[0]!.badgeId)
      .execute();
    t.clock.advance(DAY);
    expect(await award(fan, { streakDays: 8 })).toEqual([]);
    expect(await award(fan, { streakDays: 7 })).toEqual([]);
    expect(await wallet(fan)).toEqual([
      {
        badgeId: granted[0]?.badgeId,
        name: '7-day streak',
        description: 'Checked in seven days in a row.',
        imageMediaId: null,
        imageUrl: null,
        how: 'milestone',
        howText: 'Checked in seven days in a row.',
        earnedAt: '2026-06-01T12:00:00.000Z',
      },
    ]);
  });

  it('grants 30 and 100 day streaks, the first pick’em won and season participation once each', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    expect((await award(fan, { streakDays: 30 })).map((g) => g.key)).toEqual(['streak_7', 'streak_30']);
    expect((await award(fan, { streakDays: 100 })).map((g) => g.key)).toEqual(['streak_100']);
    expect((await award(fan, { event: 'pickem_won' })).map((g) => g.key)).toEqual(['first_pickem_won']);
    expect(await award(fan, { event: 'pickem_won' })).toEqual([]);
    expect((await award(fan, { event: 'season_participation' })).map((g) => g.key)).toEqual([
      'season_participation',
    ]);
    expect((await wallet(fan)).map((b) => b.name).sort()).toEqual(
      ['100-day streak', '30-day streak', '7-day streak', 'First pick’em won', 'Season participant'].sort(),
    );
    // One set of definitions per organization, however many fans reach them.
    const other = await createFan(t, org);
    await award(other, { streakDays: 7 });
    const defs = await t.db
      .selectFrom('milestoneBadges')
      .select('key')
      .where('organizationId', '=', org.id)
      .execute();
    expect(defs).toHaveLength(5);
  });

  it('a milestone the operator switched off grants nothing; its badge keeps its new name', async () => {
    const org = await createOrg(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const fan = await createFan(t, org);
    const off = await apiCall(t, operator, 'PATCH', '/api/admin/badges/milestones', {
      key: 'streak_7',
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ key: 'streak_7', enabled: false });
    expect(await award(fan, { streakDays: 7 })).toEqual([]);
    const renamed = await apiCall(t, operator, 'PATCH', '/api/admin/badges/milestones', {
      key: 'streak_7',
      enabled: true,
      name: 'Week warrior',
    });
    expect(renamed.json()).toMatchObject({
      enabled: true,
      badge: { name: 'Week warrior', milestoneKey: 'streak_7' },
    });
    expect((await award(fan, { streakDays: 7 })).map((g) => g.name)).toEqual(['Week warrior']);
    const rules = (await apiCall(t, operator, 'GET', '/api/admin/badges/milestones')).json();
    expect(rules.map((r: { key: string }) => r.key)).toEqual([
      'streak_7',
      'streak_30',
      'streak_100',
      'first_pickem_won',
      'season_participation',
    ]);
    expect(rules[0]).toMatchObject({ rule: 'Check in 7 days in a row', badge: { holders: 1 } });
  });

  it('a milestone badge carrying a boost grants its personal boost with the badge, once; a plain one grants none', async () => {
    const org = await createOrg(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const first = await createFan(t, org);
    // The organization's first milestone creates its definitions, none carrying a boost yet.
    expect((await award(first, { event: 'season_participation' })).map((g) => g.key)).toEqual([
      'season_participation',
    ]);
    const rules = (await apiCall(t, operator, 'GET', '/api/admin/badges/milestones')).json();
    const season = rules.find((r: { key: string }) => r.key === 'season_participation');
    const edited = await apiCall(t, operator, 'PATCH', `/api/admin/badges/${season.badge.badgeId}`, {
      boost: { name: 'Season boost', multiplier: 2, earning: 'checkin', durationMinutes: 60 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const boostsOf = async (fan: TestFan) =>
      ((await apiCall(t, await signInAgain(t, fan), 'GET', '/api/boosts')).json() as { name: string }[]).map(
        (b) => b.name,
      );
    const fan = await createFan(t, org);
    const granted = await award(fan, { streakDays: 7, event: 'season_participation' });
    expect(granted.map((g) => g.key).sort()).toEqual(['season_participation', 'streak_7']);
    expect(await boostsOf(fan)).toEqual(['Season boost']);
    expect(await award(fan, { event: 'season_participation' })).toEqual([]);
    expect(await boostsOf(fan)).toEqual(['Season boost']);
    expect(await boostsOf(first)).toEqual([]);
  });

  // Product §12.3: check-in grants the streak milestones, so a fan sees the badge through the real call.
  it('through POST /api/checkin: the badge appears once on the 7th consecutive day', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    for (let day = 1; day <= 8; day++) {
      const session = await t.deps.tokens.createSession(t.db, fan.user, { amr: 'password' });
      const res = await apiCall(t, { ...fan, accessToken: session.access_token }, 'POST', '/api/checkin');
      expect(res.statusCode, res.body).toBe(200);
      const badges = await wallet({ ...fan, accessToken: session.access_token });
      expect(badges.filter((b) => b.name === '7-day streak')).toHaveLength(day >= 7 ? 1 : 0);
      t.clock.advance(DAY);
    }
  });
});

describe('GET /api/user/me/badges', () => {
  it('shows activation badges with the activation they came from, newest first; 401 anonymous', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    await makeActivation(t.db, org.id, {
      slug: 'silverstone-fan-zone',
      title: 'Silverstone fan zone',
      startsAt: new Date(t.clock.now().getTime() - DAY),
      stopsAt: new Date(t.clock.now().getTime() + DAY),
      badges: ['Fan zone 2026'],
    });
    await award(fan, { event: 'season_participation' });
    t.clock.advance(3600_000);
    const res = await apiCall(t, await signInAgain(t, fan), 'POST', '/api/activations/activate-user', {
      slug: 'silverstone-fan-zone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await wallet(fan)).toEqual([
      expect.objectContaining({
        name: 'Fan zone 2026',
        how: 'activation',
        howText: 'Activation: Silverstone fan zone',
        earnedAt: '2026-06-01T13:00:00.000Z',
      }),
      expect.objectContaining({
        name: 'Season participant',
        how: 'milestone',
        howText: 'Took part in the season.',
      }),
    ]);
    expect((await apiCall(t, { org }, 'GET', '/api/user/me/badges')).statusCode).toBe(401);
    const stranger = await createFan(t, await createOrg(t));
    expect(await wallet(stranger)).toEqual([]);
  });
});

describe('operator badges', () => {
  it('creates, edits (boost template on and off) and deletes an unused badge; refuses one fans hold', async () => {
    const org = await createOrg(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const created = await apiCall(t, operator, 'POST', '/api/admin/badges', {
      name: 'Pit crew',
      description: 'Helped in the pit',
      boost: { name: 'Pit boost', multiplier: 1.5, earning: 'challenges', durationMinutes: 60 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const badgeId = created.json().badgeId as string;
    expect(created.json()).toMatchObject({
      source: 'manual',
      holders: 0,
      boost: { name: 'Pit boost', multiplier: 1.5, earning: 'challenges', durationMinutes: 60 },
    });
    const noBoost = await apiCall(t, operator, 'PATCH', `/api/admin/badges/${badgeId}`, {
      boost: null,
      name: 'Crew',
    });
    expect(noBoost.json()).toMatchObject({ name: 'Crew', boost: null });
    const list = (await apiCall(t, operator, 'GET', '/api/admin/badges')).json();
    expect(list.map((b: { badgeId: string }) => b.badgeId)).toContain(badgeId);

    const fan = await createFan(t, org);
    await award(fan, { streakDays: 7 });
    const [held] = await t.db
      .selectFrom('userBadges')
      .select('badgeId')
      .where('userId', '=', fan.user.id)
      .execute();
    const refused = await apiCall(t, operator, 'DELETE', `/api/admin/badges/${held?.badgeId}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'badge_in_use', holders: 1 });

    expect((await apiCall(t, operator, 'DELETE', `/api/admin/badges/${badgeId}`)).statusCode).toBe(204);
    expect((await apiCall(t, operator, 'GET', `/api/admin/badges/${badgeId}`)).statusCode).toBe(404);
    expect(await auditActions(t, operator.org.id, { targetId: badgeId })).toEqual([
      'badge.create',
      'badge.update',
      'badge.delete',
    ]);
  });

  it('fan → 403, anonymous → 401, another organization’s badge → 404', async () => {
    const org = await createOrg(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const fan = await createFan(t, org);
    const { badgeId } = (await apiCall(t, operator, 'POST', '/api/admin/badges', { name: 'Mine' })).json();
    await expectOperatorOnly(t, fan, [
      ['GET', '/api/admin/badges'],
      ['POST', '/api/admin/badges'],
      ['GET', '/api/admin/badges/milestones'],
      ['PATCH', '/api/admin/badges/milestones'],
      ['GET', `/api/admin/badges/${badgeId}`],
      ['PATCH', `/api/admin/badges/${badgeId}`],
      ['DELETE', `/api/admin/badges/${badgeId}`],
    ]);
    const otherOrg = await createOrg(t);
    const outsider = await createFan(t, otherOrg, { roles: ['operator'] });
    expect((await apiCall(t, outsider, 'GET', `/api/admin/badges/${badgeId}`)).statusCode).toBe(404);
    expect(
      (await apiCall(t, outsider, 'PATCH', `/api/admin/badges/${badgeId}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await apiCall(t, outsider, 'DELETE', `/api/admin/badges/${badgeId}`)).statusCode).toBe(404);
    const theirs = (await apiCall(t, outsider, 'GET', '/api/admin/badges')).json();
    expect(theirs).toEqual([]);
  });
});

describeOnPostgres('concurrent milestones on real PostgreSQL', () => {
  let org: Organization;
  beforeAll(async () => {
    org = await createOrg(t);
  });

  it('20 fans reaching 7 days at once create the organization’s definitions once and each get one badge', async () => {
    const fans: TestFan[] = [];
    for (let i = 0; i < 20; i++) fans.push(await createFan(t, org));
    const same = fans[0] as TestFan;
    const results = await Promise.all([
      ...fans.map((fan) => award(fan, { streakDays: 7 })),
      award(same, { streakDays: 7 }),
      award(same, { streakDays: 7 }),
    ]);
    expect(results.flat()).toHaveLength(20);
    const defs = await t.db.selectFrom('badges').select('id').where('organizationId', '=', org.id).execute();
    expect(defs).toHaveLength(5);
    const held = await t.db
      .selectFrom('userBadges')
      .select('userId')
      .where('organizationId', '=', org.id)
      .execute();
    expect(held).toHaveLength(20);
  });
});
