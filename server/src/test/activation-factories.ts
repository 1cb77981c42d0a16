import type { Database } from '../db/engine.ts';
import { TEST_START } from './test-app.ts';

const HOUR = 3600_000;

/**
 * An activation straight in the database, open from an hour before TEST_START to an hour after
 * unless a window is given, with a badge of each name in `badges`.
 */
export async function makeActivation(
  db: Database,
  organizationId: string,
  opts: {
    slug: string;
    title?: string;
    startsAt?: Date;
    stopsAt?: Date;
    bonusPoints?: number;
    badges?: string[];
  },
) {
  const start = new Date(TEST_START).getTime();
  const activation = await db
    .insertInto('activations')
    .values({
      organizationId,
      slug: opts.slug,
      title: opts.title ?? `Activation ${opts.slug}`,
      description: 'Scan the QR code at the stand',
      mediaId: null,
      startsAt: opts.startsAt ?? new Date(start - HOUR),
      stopsAt: opts.stopsAt ?? new Date(start + HOUR),
      bonusPoints: opts.bonusPoints ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const name of opts.badges ?? []) {
    const badge = await db
      .insertInto('badges')
      .values({ organizationId, name, description: `${name} badge`, imageMediaId: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('activationBadges')
      .values({ organizationId, activationId: activation.id, badgeId: badge.id })
      .execute();
  }
  return activation;
}
