import { insertBadge } from '../modules/rewards/badge-records.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';
import { ACTIVATION_IMAGE_PATHS, BADGE_ART, badgeImagePath } from './sweepstakes-demo-assets.ts';

const SVG = 'image/svg+xml';
const DAY = 24 * 3600_000;

/**
 * Demo season: two activations (the Silverstone fan zone open now, the Monza pit walk upcoming)
 * with their badges. Called by seedSweepstakes, which seeds them with the sweepstakes.
 */
export async function seedActivations(ctx: SeasonSeedContext) {
  const { db, org, now } = ctx;
  const at = (offset: number) => new Date(now.getTime() + offset);
  const badgeIds = new Map<string, string>();
  const badgeText: Record<string, { name: string; description: string }> = {
    'silverstone-2026': { name: 'Silverstone 2026', description: 'You were at the fan zone at Silverstone.' },
    'fan-zone-regular': { name: 'Fan zone regular', description: 'Checked in at a trackside fan zone.' },
    'monza-pit-walk': { name: 'Monza pit walk', description: 'Walked the pit lane at Monza.' },
  };
  for (const art of BADGE_ART) {
    const text = badgeText[art.key] ?? { name: art.label, description: '' };
    const imageMediaId = await ctx.asset(badgeImagePath(art.key), SVG);
    badgeIds.set(art.key, await insertBadge(db, org.id, { ...text, imageMediaId }, 'activation'));
  }
  const activations = [
    {
      slug: 'silverstone-fan-zone',
      title: 'Silverstone fan zone',
      description:
        'Scan the QR code at the Apex Racing stand in the Silverstone fan zone to collect your badges and 200 bonus points.',
      image: ACTIVATION_IMAGE_PATHS.silverstone,
      startsAt: at(-1 * DAY),
      stopsAt: at(6 * DAY),
      bonusPoints: 200,
      badges: ['silverstone-2026', 'fan-zone-regular'],
    },
    {
      slug: 'monza-pit-walk',
      title: 'Monza pit walk',
      description: 'Join the Thursday pit walk at Monza and tap in at the garage for a badge and 300 points.',
      image: ACTIVATION_IMAGE_PATHS.monza,
      startsAt: at(20 * DAY),
      stopsAt: at(22 * DAY),
      bonusPoints: 300,
      badges: ['monza-pit-walk'],
    },
  ];
  for (const a of activations) {
    const row = await db
      .insertInto('activations')
      .values({
        organizationId: org.id,
        slug: a.slug,
        title: a.title,
        description: a.description,
        mediaId: await ctx.asset(a.image, SVG),
        startsAt: a.startsAt,
        stopsAt: a.stopsAt,
        bonusPoints: a.bonusPoints,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('activationBadges')
      .values(
        a.badges.map((key) => ({
          organizationId: org.id,
          activationId: row.id,
          badgeId: badgeIds.get(key) as string,
        })),
      )
      .execute();
  }
}
