import type { Database } from '../../db/engine.ts';

/**
 * What the rewards module asks of activations (the badge wallet's "how earned", whether a
 * badge is still in use). Its own file, importing nothing of rewards, so activations may call
 * rewards without an import circle.
 */

/** Titles of activations by id (ids as text: a badge's reference holds the activation id). */
export async function activationTitles(db: Database, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('activations')
    .select(['id', 'title'])
    .where('organizationId', '=', organizationId)
    .where((eb) => eb(eb.cast('id', 'text'), 'in', [...ids]))
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.title]));
}

/** Whether an activation grants this badge. */
export async function isActivationBadge(db: Database, badgeId: string): Promise<boolean> {
  const linked = await db
    .selectFrom('activationBadges')
    .select('badgeId')
    .where('badgeId', '=', badgeId)
    .executeTakeFirst();
  return Boolean(linked);
}
