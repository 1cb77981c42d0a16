import type { Database } from '../../db/engine.ts';
import { lacksRequiredConsent } from '../consent/required-consents.ts';
import { payReferralRewards } from '../referral/referral-service.ts';

/**
 * Product §2 "new user": a fan is new until the profile is complete, i.e. the first time first
 * name, last name and birthday are all set and every required consent is accepted. At that
 * moment onboardedAt is set (once) and the referral, if any, is paid (product §10.8).
 * Called after every profile or consent change, inside the same transaction, with the
 * user row already locked by the caller (fan-accounts.ts lockFan) so two completions cannot race.
 */
export async function completeProfileIfReady(
  trx: Database,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'organizationId', 'firstName', 'lastName', 'birthday', 'onboardedAt', 'referredBy'])
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  if (user.onboardedAt || !user.firstName || !user.lastName || !user.birthday) return false;
  if (await lacksRequiredConsent(trx, organizationId, userId)) return false;

  const claimed = await trx
    .updateTable('users')
    .set({ onboardedAt: now, updatedAt: now })
    .where('id', '=', userId)
    .where('onboardedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return false;
  await payReferralRewards(trx, user);
  return true;
}
