import type { Database } from '../../db/engine.ts';
import { grantBadgeBoosts } from './boost-rules.ts';

/**
 * The badge rows other modules create, edit, present and grant through (activations carry
 * their own badges; milestones grant theirs). The rewards module owns the badge tables.
 */

export interface BadgeFields {
  name: string;
  description: string;
  imageMediaId: string | null;
}

/** A badge definition; `source` says what grants it (activation, milestone, manual). */
export async function insertBadge(db: Database, organizationId: string, fields: BadgeFields, source: string) {
  const row = await db
    .insertInto('badges')
    .values({ ...fields, organizationId, source })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBadgeRecord(
  db: Database,
  organizationId: string,
  badgeId: string,
  fields: Partial<BadgeFields>,
) {
  await db
    .updateTable('badges')
    .set(fields)
    .where('id', '=', badgeId)
    .where('organizationId', '=', organizationId)
    .execute();
}

/** These badges (as a fan or an operator sees them), ordered by name or by creation. */
export async function badgesByIds(db: Database, badgeIds: readonly string[], order: 'name' | 'createdAt') {
  if (badgeIds.length === 0) return [];
  return db
    .selectFrom('badges')
    .select(['id', 'name', 'description', 'imageMediaId', 'createdAt'])
    .where('id', 'in', [...new Set(badgeIds)])
    .orderBy(order)
    .execute();
}

/**
 * Grants badges to a fan, each exactly once: the unique (user_id, badge_id) makes a repeat, a
 * retry or a race grant nothing. Also grants the boosts those badges carry (product §12.3). Run it
 * inside the transaction that earned them, with `at` from the server's clock. Returns the ids
 * granted by this call.
 */
export async function grantBadges(
  trx: Database,
  grant: {
    organizationId: string;
    userId: string;
    at: Date;
    badges: readonly { badgeId: string; how: string; reference: string | null }[];
  },
): Promise<string[]> {
  if (grant.badges.length === 0) return [];
  const granted = await trx
    .insertInto('userBadges')
    .values(
      grant.badges.map((b) => ({
        organizationId: grant.organizationId,
        userId: grant.userId,
        badgeId: b.badgeId,
        earnedAt: grant.at,
        how: b.how,
        reference: b.reference,
      })),
    )
    .onConflict((oc) => oc.columns(['userId', 'badgeId']).doNothing())
    .returning('badgeId')
    .execute();
  const ids = granted.map((g) => g.badgeId);
  if (ids.length > 0) {
    await grantBadgeBoosts(trx, {
      organizationId: grant.organizationId,
      userId: grant.userId,
      badgeIds: ids,
      at: grant.at,
    });
  }
  return ids;
}

/** Support's view of a fan's badges, newest first. */
export async function fanBadges(db: Database, organizationId: string, userId: string) {
  const rows = await db
    .selectFrom('userBadges as ub')
    .innerJoin('badges as b', 'b.id', 'ub.badgeId')
    .select(['b.id', 'b.name', 'ub.earnedAt'])
    .where('ub.userId', '=', userId)
    .where('ub.organizationId', '=', organizationId)
    .orderBy('ub.earnedAt', 'desc')
    .execute();
  return rows.map((b) => ({
    id: String(b.id),
    name: b.name,
    grantedAt: b.earnedAt ? new Date(b.earnedAt).toISOString() : null,
  }));
}
