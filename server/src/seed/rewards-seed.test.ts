import { describe, expect, it } from 'vitest';
import { demoTeam } from '../test/demo-team.ts';
import { apiCall, useTestApp } from '../test/test-app.ts';
import { seedRewards } from './rewards-seed.ts';

const t = useTestApp();

describe('rewards demo seed', () => {
  it('gives the demo fan a dashboard offer, a rank-locked benefit, boosts and a season badge', async () => {
    const { org, fan, operator } = await demoTeam(t);
    const silverstone = await t.db
      .insertInto('badges')
      .values({ organizationId: org.id, name: 'Silverstone 2026' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) =>
      seedRewards({
        db: trx,
        org,
        now: t.clock.now(),
        fanId: fan.user.id,
        operatorId: operator.user.id,
        asset: async () => {
          throw new Error('the rewards seed uses no assets');
        },
      }),
    );
    const current = (await apiCall(t, fan, 'GET', '/api/offers/current')).json();
    expect(current.offer).toMatchObject({ title: '15% off in the team shop', cost: 150, remaining: 40 });
    const offers = (await apiCall(t, fan, 'GET', '/api/offers')).json() as {
      title: string;
      locked: boolean;
    }[];
    expect(offers.find((o) => o.title === 'Early ticket window')).toMatchObject({
      locked: true,
      requiredRank: { code: 'P8' },
    });
    const boosts = (await apiCall(t, fan, 'GET', '/api/boosts')).json();
    // No boost is live until the fan earns the Silverstone badge: base prices stay as published.
    expect(boosts.map((b: { label: string; status: string }) => `${b.status} ${b.label}`)).toEqual([
      'upcoming ×1.5 qualifying boost',
    ]);
    const template = await t.db
      .selectFrom('badgeBoosts')
      .selectAll()
      .where('badgeId', '=', silverstone.id)
      .executeTakeFirstOrThrow();
    expect(template).toMatchObject({ multiplier: 2, earning: 'all', durationMinutes: 4320 });
    const badges = (await apiCall(t, fan, 'GET', '/api/user/me/badges')).json();
    expect(badges.map((b: { name: string }) => b.name)).toEqual(['Season participant']);
  });
});
