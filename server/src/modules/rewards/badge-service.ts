import type {
  AdminBadge,
  AdminBadgeCreate,
  AdminBadgeUpdate,
  BadgeBoostTemplate,
  MilestoneKey,
  MilestoneRule,
  MilestoneRuleUpdate,
  WalletBadge,
} from '@paddock/contracts/api/badges';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../admin/audit.ts';
import type { Database } from '../../db/engine.ts';
import type { DB } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { ensureMilestoneBadges, MILESTONES } from './badge-milestones.ts';

const fileUrl = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

interface Actor {
  organizationId: string;
  actorUserId: string;
}

function howText(how: string, reference: string | null, activationTitle: string | null): string {
  if (how === 'activation') return activationTitle ? `Activation: ${activationTitle}` : 'Activation';
  if (how === 'milestone' && reference && reference in MILESTONES) {
    return MILESTONES[reference as MilestoneKey].description;
  }
  if (how === 'manual') return 'Awarded by the team';
  return how;
}

/** GET /user/me/badges: every badge the fan holds, newest first, with how and when it was earned. */
export async function listWalletBadges(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<WalletBadge[]> {
  const rows = await db
    .selectFrom('userBadges as ub')
    .innerJoin('badges as b', 'b.id', 'ub.badgeId')
    // user_badges.reference is text (any source); for an activation it holds the activation id.
    .leftJoin('activations as a', (join) =>
      join.on((eb) =>
        eb.and([eb('ub.how', '=', 'activation'), eb(eb.cast('a.id', 'text'), '=', eb.ref('ub.reference'))]),
      ),
    )
    .select([
      'b.id',
      'b.name',
      'b.description',
      'b.imageMediaId',
      'ub.how',
      'ub.reference',
      'ub.earnedAt',
      'a.title as activationTitle',
    ])
    .where('ub.userId', '=', userId)
    .where('ub.organizationId', '=', organizationId)
    .orderBy('ub.earnedAt', 'desc')
    .orderBy('b.name')
    .execute();
  return rows.map((r) => ({
    badgeId: r.id,
    name: r.name,
    description: r.description,
    imageMediaId: r.imageMediaId,
    imageUrl: fileUrl(r.imageMediaId),
    how: r.how,
    howText: howText(r.how, r.reference, r.activationTitle),
    earnedAt: new Date(r.earnedAt).toISOString(),
  }));
}

async function presentAdminBadges(db: Kysely<DB>, organizationId: string, onlyId?: string) {
  let query = db
    .selectFrom('badges as b')
    .leftJoin('milestoneBadges as m', 'm.badgeId', 'b.id')
    .leftJoin('badgeBoosts as bb', 'bb.badgeId', 'b.id')
    .select((eb) => [
      'b.id',
      'b.name',
      'b.description',
      'b.imageMediaId',
      'b.source',
      'b.createdAt',
      'm.key as milestoneKey',
      'bb.name as boostName',
      'bb.multiplier as boostMultiplier',
      'bb.earning as boostEarning',
      'bb.durationMinutes as boostDuration',
      eb
        .selectFrom('userBadges as ub')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('ub.badgeId', '=', 'b.id')
        .as('holders'),
    ])
    .where('b.organizationId', '=', organizationId);
  if (onlyId) query = query.where('b.id', '=', onlyId);
  const rows = await query.orderBy('b.createdAt', 'desc').orderBy('b.id').execute();
  return rows.map(
    (r): AdminBadge => ({
      badgeId: r.id,
      name: r.name,
      description: r.description,
      imageMediaId: r.imageMediaId,
      imageUrl: fileUrl(r.imageMediaId),
      source: r.source,
      milestoneKey: r.milestoneKey ?? null,
      boost:
        r.boostName && r.boostEarning && r.boostMultiplier !== null && r.boostDuration !== null
          ? {
              name: r.boostName,
              multiplier: Number(r.boostMultiplier),
              earning: r.boostEarning,
              durationMinutes: r.boostDuration,
            }
          : null,
      holders: Number(r.holders ?? 0),
      createdAt: new Date(r.createdAt).toISOString(),
    }),
  );
}

export const listAdminBadges = (db: Database, organizationId: string) =>
  presentAdminBadges(db, organizationId);

export async function getAdminBadge(db: Kysely<DB>, organizationId: string, id: string) {
  const [one] = await presentAdminBadges(db, organizationId, id);
  if (!one) throw notFound('Badge');
  return one;
}

async function checkMedia(db: Kysely<DB>, organizationId: string, mediaId: string | null | undefined) {
  if (!mediaId) return;
  const found = await db
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!found) throw unprocessable('media_not_found', `No media ${mediaId} in this organization`);
}

async function setBoostTemplate(
  trx: Kysely<DB>,
  organizationId: string,
  badgeId: string,
  boost: BadgeBoostTemplate | null,
) {
  if (boost === null) {
    await trx.deleteFrom('badgeBoosts').where('badgeId', '=', badgeId).execute();
    return;
  }
  await trx
    .insertInto('badgeBoosts')
    .values({ organizationId, badgeId, ...boost })
    .onConflict((oc) => oc.column('badgeId').doUpdateSet({ ...boost }))
    .execute();
}

export async function createBadge(deps: AppDeps, actor: Actor, input: AdminBadgeCreate) {
  return deps.db.transaction().execute(async (trx) => {
    await checkMedia(trx, actor.organizationId, input.imageMediaId);
    const row = await trx
      .insertInto('badges')
      .values({
        organizationId: actor.organizationId,
        name: input.name,
        description: input.description,
        imageMediaId: input.imageMediaId ?? null,
        source: 'manual',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.boost) await setBoostTemplate(trx, actor.organizationId, row.id, input.boost);
    const after = await getAdminBadge(trx, actor.organizationId, row.id);
    await writeAudit(trx, { ...actor, action: 'badge.create', targetType: 'badge', targetId: row.id, after });
    return after;
  });
}

async function updateBadgeFields(
  trx: Kysely<DB>,
  actor: Actor,
  id: string,
  input: AdminBadgeUpdate,
): Promise<AdminBadge> {
  const before = await getAdminBadge(trx, actor.organizationId, id);
  await checkMedia(trx, actor.organizationId, input.imageMediaId);
  const fields = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.imageMediaId !== undefined && { imageMediaId: input.imageMediaId }),
  };
  if (Object.keys(fields).length > 0) {
    await trx
      .updateTable('badges')
      .set(fields)
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
  }
  if (input.boost !== undefined) await setBoostTemplate(trx, actor.organizationId, id, input.boost);
  const after = await getAdminBadge(trx, actor.organizationId, id);
  await writeAudit(trx, {
    ...actor,
    action: 'badge.update',
    targetType: 'badge',
    targetId: id,
    before,
    after,
  });
  return after;
}

/** PATCH /admin/badges/{id}: name, text, image and the boost template (null removes it). */
export async function updateBadge(deps: AppDeps, actor: Actor, id: string, input: AdminBadgeUpdate) {
  return deps.db.transaction().execute((trx) => updateBadgeFields(trx, actor, id, input));
}

/**
 * DELETE /admin/badges/{id}: a badge fans hold is part of their history, and a milestone or
 * activation badge is still in use, so those are refused (422 badge_in_use) rather than
 * silently emptying wallets.
 */
export async function deleteBadge(deps: AppDeps, actor: Actor, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await getAdminBadge(trx, actor.organizationId, id);
    const linked = await trx
      .selectFrom('activationBadges')
      .select('badgeId')
      .where('badgeId', '=', id)
      .executeTakeFirst();
    if (before.holders > 0 || before.milestoneKey || linked) {
      throw unprocessable(
        'badge_in_use',
        before.holders > 0
          ? `${before.holders} fans hold this badge; it stays in their wallets`
          : 'This badge is used by a milestone rule or an activation',
        { holders: before.holders },
      );
    }
    await trx
      .deleteFrom('badges')
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
    await writeAudit(trx, { ...actor, action: 'badge.delete', targetType: 'badge', targetId: id, before });
  });
}

/** GET /admin/badges/milestones: the automatic rules, creating the organization's badges on first use. */
export async function listMilestoneRules(deps: AppDeps, organizationId: string): Promise<MilestoneRule[]> {
  return deps.db.transaction().execute(async (trx) => {
    const defs = await ensureMilestoneBadges(trx, organizationId);
    const badges = await presentAdminBadges(trx, organizationId);
    const byId = new Map(badges.map((b) => [b.badgeId, b]));
    const order = Object.keys(MILESTONES);
    return defs
      .sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))
      .flatMap((d) => {
        const badge = byId.get(d.badgeId);
        return badge ? [{ key: d.key, rule: MILESTONES[d.key].rule, enabled: d.enabled, badge }] : [];
      });
  });
}

/** PATCH /admin/badges/milestones: switch a rule on or off and dress its badge. */
export async function updateMilestoneRule(
  deps: AppDeps,
  actor: Actor,
  key: MilestoneKey,
  input: MilestoneRuleUpdate,
): Promise<MilestoneRule> {
  return deps.db.transaction().execute(async (trx) => {
    const defs = await ensureMilestoneBadges(trx, actor.organizationId);
    const def = defs.find((d) => d.key === key);
    if (!def) throw notFound('Milestone rule');
    if (input.enabled !== undefined && input.enabled !== def.enabled) {
      await trx
        .updateTable('milestoneBadges')
        .set({ enabled: input.enabled })
        .where('organizationId', '=', actor.organizationId)
        .where('key', '=', key)
        .execute();
      await writeAudit(trx, {
        ...actor,
        action: 'badge.milestone_rule',
        targetType: 'badge',
        targetId: def.badgeId,
        before: { key, enabled: def.enabled },
        after: { key, enabled: input.enabled },
      });
    }
    const { enabled: _enabled, ...fields } = input;
    const badge =
      Object.keys(fields).length > 0
        ? await updateBadgeFields(trx, actor, def.badgeId, fields)
        : await getAdminBadge(trx, actor.organizationId, def.badgeId);
    return { key, rule: MILESTONES[key].rule, enabled: input.enabled ?? def.enabled, badge };
  });
}
