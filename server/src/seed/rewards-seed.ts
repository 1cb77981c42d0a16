import { createHash } from 'node:crypto';
import type { SeasonSeedContext } from './season-seed-context.ts';
import { awardMilestoneBadges } from '../modules/rewards/badge-milestones.ts';

const DAY = 24 * 3600_000;

/** Deterministic per organization, so two demo databases never share live-looking codes. */
function demoCodes(prefix: string, orgId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const hash = createHash('sha256')
      .update(`${orgId}:${prefix}:${i}`)
      .digest('hex')
      .slice(0, 8)
      .toUpperCase();
    return `${prefix}-${hash}`;
  });
}

/**
 * Rewards demo data (product §14): a shop code offer for the dashboard, a rank-locked and an 18+ offer for
 * /benefits, a race-weekend ×2 boost that the Silverstone fan-zone badge grants for three days
 * (so the demo's base prices stay what the content says until a fan activates), an upcoming
 * organization-wide boost, the milestone badges, and the demo fan's season badge. Call from
 * seedSeason after the other domains (the activation badges must exist).
 */
export async function seedRewards(ctx: SeasonSeedContext): Promise<void> {
  const { db, org, now } = ctx;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const shop = await db
    .insertInto('offers')
    .values({
      organizationId: org.id,
      title: '15% off in the team shop',
      body: 'A one-time code for 15% off caps, shirts and scale models in the online team shop.',
      cost: 150,
      // The newest live offer, so it is the dashboard's current offer.
      startsAt: at(-0.25),
      endsAt: at(60),
      redemption: 'codes',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const voucher = await db
    .insertInto('offers')
    .values({
      organizationId: org.id,
      title: 'Paddock Club drink voucher',
      body: 'One drink on us in the Paddock Club at the next home race. 18+ only.',
      cost: 300,
      startsAt: at(-1),
      endsAt: at(45),
      minAge: 18,
      stock: 25,
      redemption: 'codes',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('offers')
    .values({
      organizationId: org.id,
      title: 'Early ticket window',
      body: 'Buy race tickets 48 hours before general sale.',
      cost: 0,
      startsAt: at(-3),
      endsAt: at(90),
      minRankCode: 'P8',
      redemption: 'instruction',
      instruction: 'Use the link in your account e-mail 48 hours before general sale opens.',
    })
    .execute();
  for (const [offerId, prefix, count] of [
    [shop.id, 'APEX15', 40],
    [voucher.id, 'CLUB', 25],
  ] as const) {
    await db
      .insertInto('offerCodes')
      .values(demoCodes(prefix, org.id, count).map((code) => ({ organizationId: org.id, offerId, code })))
      .execute();
  }

  await db
    .insertInto('boosts')
    .values([
      {
        organizationId: org.id,
        name: 'qualifying boost',
        multiplier: 1.5,
        earning: 'challenges',
        startsAt: at(7),
        endsAt: at(8),
      },
    ])
    .execute();

  const silverstone = await db
    .selectFrom('badges')
    .select('id')
    .where('organizationId', '=', org.id)
    .where('name', '=', 'Silverstone 2026')
    .executeTakeFirst();
  if (silverstone) {
    await db
      .insertInto('badgeBoosts')
      .values({
        organizationId: org.id,
        badgeId: silverstone.id,
        name: 'race-weekend boost',
        multiplier: 2,
        earning: 'all',
        durationMinutes: 3 * 24 * 60,
      })
      .execute();
  }

  // ctx.db may already be the seed's transaction, so no nested transaction here.
  await awardMilestoneBadges(db, {
    organizationId: org.id,
    userId: ctx.fanId,
    at: now,
    event: 'season_participation',
  });
}
