import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { payReferralRewards } from '../referral/referral-service.ts';

/**
 * SPEC §2 "new user": a fan is new until the profile is complete, i.e. the first time first
 * name, last name and birthday are all set and every required consent is accepted. At that
 * moment onboardedAt is set (once) and the referral, if any, is paid (DESIGN "Referral").
 * Called after every profile or consent change, inside the same transaction, with the
 * user row already locked by the caller so two completions cannot race.
 */
export async function completeProfileIfReady(
  trx: Kysely<DB>,
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

  const missing = await trx
    .selectFrom('consentTypes as ct')
    .leftJoin('userConsents as uc', (join) =>
      join.onRef('uc.consentTypeId', '=', 'ct.id').on('uc.userId', '=', userId),
    )
    .select('ct.id')
    .where('ct.organizationId', '=', organizationId)
    .where('ct.required', '=', true)
    .where((eb) => eb.or([eb('uc.value', 'is', null), eb('uc.value', '<=', 0)]))
    .executeTakeFirst();
  if (missing) return false;

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

/** Locks the fan's row for the rest of the transaction (profile and consent changes). */
export async function lockUser(trx: Kysely<DB>, organizationId: string, userId: string) {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}
