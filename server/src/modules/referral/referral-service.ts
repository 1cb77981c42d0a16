import { REFERRAL_REWARDS, type Referral } from '@paddock/contracts/api/referral';
import type { Database } from '../../db/engine.ts';
import type { User } from '../../db/schema.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { sumByOnceKeyPrefix } from '../ledger/ledger-queries.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { countReferredBy, findFan } from '../profile/fan-accounts.ts';

export const REFERRER_ONCE_PREFIX = 'referral:referrer:';

/**
 * Product §10.8: when a referred fan completes the profile, both are paid once. The
 * onceKeys make a repeated or concurrent completion harmless; a self-referral or a referrer
 * outside the fan's organization pays nothing.
 */
export async function payReferralRewards(
  trx: Database,
  referred: Pick<User, 'id' | 'organizationId' | 'referredBy'>,
): Promise<{ referredPaid: boolean; referrerPaid: boolean }> {
  if (!referred.referredBy || referred.referredBy === referred.id) {
    return { referredPaid: false, referrerPaid: false };
  }
  const referrer = await findFan(trx, referred.organizationId, referred.referredBy);
  if (!referrer) return { referredPaid: false, referrerPaid: false };

  const forReferred = await postPoints(trx, {
    organizationId: referred.organizationId,
    userId: referred.id,
    amount: REFERRAL_REWARDS.referred,
    kind: 'referral',
    reference: referrer.id,
    description: 'Welcome bonus for joining with a friend’s invitation',
    onceKey: 'referral:referred',
  });
  const forReferrer = await postPoints(trx, {
    organizationId: referred.organizationId,
    userId: referrer.id,
    amount: REFERRAL_REWARDS.referrer,
    kind: 'referral',
    reference: referred.id,
    description: 'A friend you invited completed their profile',
    onceKey: `${REFERRER_ONCE_PREFIX}${referred.id}`,
  });
  return { referredPaid: forReferred.applied, referrerPaid: forReferrer.applied };
}

/** GET /referral: the fan's code, the link to share and what it has brought so far. */
export async function getReferralSummary(call: FanCall, siteUrl: string): Promise<Referral> {
  const { db, org, userId } = call;
  const me = await findFan(db, org.id, userId);
  if (!me) throw new Error('The signed-in fan no longer exists');
  const code = me.referralCode;
  return {
    code,
    link: `${siteUrl.replace(/\/$/, '')}/?ref=${encodeURIComponent(code)}`,
    referredCount: await countReferredBy(db, org.id, userId),
    pointsEarned: await sumByOnceKeyPrefix(db, org.id, userId, REFERRER_ONCE_PREFIX),
  };
}
