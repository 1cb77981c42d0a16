import type { MilestoneKey, WalletBadge } from '@paddock/contracts/api/badges';
import type { FanCall } from '../../platform/service-call.ts';
import { activationTitles } from '../activations/activation-lookups.ts';
import { MILESTONES } from './badge-milestones.ts';

export const fileUrl = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

function howText(how: string, reference: string | null, activationTitle: string | null): string {
  if (how === 'activation') return activationTitle ? `Activation: ${activationTitle}` : 'Activation';
  if (how === 'milestone' && reference && reference in MILESTONES) {
    return MILESTONES[reference as MilestoneKey].description;
  }
  if (how === 'manual') return 'Awarded by the team';
  return how;
}

/** GET /user/me/badges: every badge the fan holds, newest first, with how and when it was earned. */
export async function listWalletBadges(call: FanCall): Promise<WalletBadge[]> {
  const { db, org, userId } = call;
  const rows = await db
    .selectFrom('userBadges as ub')
    .innerJoin('badges as b', 'b.id', 'ub.badgeId')
    .select(['b.id', 'b.name', 'b.description', 'b.imageMediaId', 'ub.how', 'ub.reference', 'ub.earnedAt'])
    .where('ub.userId', '=', userId)
    .where('ub.organizationId', '=', org.id)
    .orderBy('ub.earnedAt', 'desc')
    .orderBy('b.name')
    .execute();
  // user_badges.reference is text (any source); for an activation it holds the activation id.
  const titles = await activationTitles(
    db,
    org.id,
    rows.flatMap((r) => (r.how === 'activation' && r.reference ? [r.reference] : [])),
  );
  return rows.map((r) => ({
    badgeId: r.id,
    name: r.name,
    description: r.description,
    imageMediaId: r.imageMediaId,
    imageUrl: fileUrl(r.imageMediaId),
    how: r.how,
    howText: howText(r.how, r.reference, r.reference ? (titles.get(r.reference) ?? null) : null),
    earnedAt: new Date(r.earnedAt).toISOString(),
  }));
}
