import { REFERRAL_REWARDS, type Referral } from '@paddock/contracts/api/referral';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { DB, User } from '../../db/schema.ts';
import { postPoints } from '../ledger/ledger-service.ts';

export const REFERRER_ONCE_PREFIX = 'referral:referrer:';

/**
 * DESIGN "Referral": when a referred fan completes the profile, both are paid once. The
 * onceKeys make a repeated or concurrent completion harmless; a self-referral or a referrer
 * outside the fan's organization pays nothing.
 */
export async function payReferralRewards(
  trx: Kysely<DB>,
  referred: Pick<User, 'id' | 'organizationId' | 'referredBy'>,
): Promise<{ referredPaid: boolean; referrerPaid: boolean }> {
  if (!referred.referredBy || referred.referredBy === referred.id) {
    return { referredPaid: false, referrerPaid: false };
  }
  const referrer = await trx
    .selectFrom('users')
    .select(['id'])
    .where('id', '=', referred.referredBy)
    .where('organizationId', '=', referred.organizationId)
    .executeTakeFirst();
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
export async function getReferralSummary(
  db: Database,
  organizationId: string,
  userId: string,
  siteUrl: string,
): Promise<Referral> {
  const me = await db
    .selectFrom('users')
    .select(['referralCode'])
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  const counts = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organizationId', '=', organizationId)
    .where('referredBy', '=', userId)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  const earned = await db
    .selectFrom('pointTransactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .where('onceKey', 'like', `${REFERRER_ONCE_PREFIX}%`)
    .executeTakeFirstOrThrow();
  const code = me.referralCode;
  return {
    code,
    link: `${siteUrl.replace(/\/$/, '')}/?ref=${encodeURIComponent(code)}`,
    referredCount: Number(counts.count),
    pointsEarned: Number(earned.sum),
  };
}
