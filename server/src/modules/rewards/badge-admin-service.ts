import type {
  AdminBadge,
  AdminBadgeCreate,
  AdminBadgeUpdate,
  BadgeBoostTemplate,
  MilestoneKey,
  MilestoneRule,
  MilestoneRuleUpdate,
} from '@paddock/contracts/api/badges';
import { writeAudit } from '../../admin/audit-service.ts';
import type { Database } from '../../db/engine.ts';
import { deleteOrgRow } from '../../db/org-rows.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { isActivationBadge } from '../activations/activation-lookups.ts';
import { assertMedia, noSuchMedia } from '../files/files-service.ts';
import { ensureMilestoneBadges, MILESTONES } from './badge-milestones.ts';
import { insertBadge, updateBadgeRecord } from './badge-records.ts';
import { fileUrl } from './badge-service.ts';

async function presentAdminBadges(db: Database, organizationId: string, onlyId?: string) {
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

export const listAdminBadges = (call: OrgCall) => presentAdminBadges(call.db, call.org.id);

export async function getAdminBadge(call: OrgCall, id: string) {
  const [one] = await presentAdminBadges(call.db, call.org.id, id);
  if (!one) throw notFound('Badge');
  return one;
}

async function setBoostTemplate(
  trx: Database,
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

export async function createBadge(call: OperatorCall, input: AdminBadgeCreate) {
  return call.db.transaction().execute(async (trx) => {
    const inTrx = { ...call, db: trx };
    await assertMedia(trx, call.org.id, [input.imageMediaId], noSuchMedia);
    const id = await insertBadge(
      trx,
      call.org.id,
      { name: input.name, description: input.description, imageMediaId: input.imageMediaId ?? null },
      'manual',
    );
    if (input.boost) await setBoostTemplate(trx, call.org.id, id, input.boost);
    const after = await getAdminBadge(inTrx, id);
    await writeAudit(inTrx, { action: 'badge.create', targetType: 'badge', targetId: id, after });
    return after;
  });
}

/** Inside the caller's transaction (`call.db`): the fields, the boost template, the audit line. */
async function updateBadgeFields(
  call: OperatorCall,
  id: string,
  input: AdminBadgeUpdate,
): Promise<AdminBadge> {
  const before = await getAdminBadge(call, id);
  await assertMedia(call.db, call.org.id, [input.imageMediaId], noSuchMedia);
  const fields = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.imageMediaId !== undefined && { imageMediaId: input.imageMediaId }),
  };
  if (Object.keys(fields).length > 0) await updateBadgeRecord(call.db, call.org.id, id, fields);
  if (input.boost !== undefined) await setBoostTemplate(call.db, call.org.id, id, input.boost);
  const after = await getAdminBadge(call, id);
  await writeAudit(call, { action: 'badge.update', targetType: 'badge', targetId: id, before, after });
  return after;
}

/** PATCH /admin/badges/{id}: name, text, image and the boost template (null removes it). */
export async function updateBadge(call: OperatorCall, id: string, input: AdminBadgeUpdate) {
  return call.db.transaction().execute((trx) => updateBadgeFields({ ...call, db: trx }, id, input));
}

/**
 * DELETE /admin/badges/{id}: a badge fans hold is part of their history, and a milestone or
 * activation badge is still in use, so those are refused (422 badge_in_use) rather than
 * silently emptying wallets.
 */
export async function deleteBadge(call: OperatorCall, id: string) {
  await call.db.transaction().execute(async (trx) => {
    const inTrx = { ...call, db: trx };
    const before = await getAdminBadge(inTrx, id);
    const linked = await isActivationBadge(trx, id);
    if (before.holders > 0 || before.milestoneKey || linked) {
      throw unprocessable(
        'badge_in_use',
        before.holders > 0
          ? `${before.holders} fans hold this badge; it stays in their wallets`
          : 'This badge is used by a milestone rule or an activation',
        { holders: before.holders },
      );
    }
    await deleteOrgRow(trx, 'badges', call.org.id, id);
    await writeAudit(inTrx, { action: 'badge.delete', targetType: 'badge', targetId: id, before });
  });
}

/** GET /admin/badges/milestones: the automatic rules, creating the organization's badges on first use. */
export async function listMilestoneRules(call: OrgCall): Promise<MilestoneRule[]> {
  return call.db.transaction().execute(async (trx) => {
    const defs = await ensureMilestoneBadges(trx, call.org.id);
    const badges = await presentAdminBadges(trx, call.org.id);
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
  call: OperatorCall,
  key: MilestoneKey,
  input: MilestoneRuleUpdate,
): Promise<MilestoneRule> {
  return call.db.transaction().execute(async (trx) => {
    const inTrx = { ...call, db: trx };
    const defs = await ensureMilestoneBadges(trx, call.org.id);
    const def = defs.find((d) => d.key === key);
    if (!def) throw notFound('Milestone rule');
    if (input.enabled !== undefined && input.enabled !== def.enabled) {
      await trx
        .updateTable('milestoneBadges')
        .set({ enabled: input.enabled })
        .where('organizationId', '=', call.org.id)
        .where('key', '=', key)
        .execute();
      await writeAudit(inTrx, {
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
        ? await updateBadgeFields(inTrx, def.badgeId, fields)
        : await getAdminBadge(inTrx, def.badgeId);
    return { key, rule: MILESTONES[key].rule, enabled: input.enabled ?? def.enabled, badge };
  });
}
