import type { Database } from '../../db/engine.ts';

/**
 * Whether the fan still lacks a required consent (product §2: the profile is complete only once
 * every required consent is accepted). Its own file: profile completion asks it, and the
 * consent service calls profile completion.
 */
export async function lacksRequiredConsent(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const missing = await db
    .selectFrom('consentTypes as ct')
    .leftJoin('userConsents as uc', (join) =>
      join.onRef('uc.consentTypeId', '=', 'ct.id').on('uc.userId', '=', userId),
    )
    .select('ct.id')
    .where('ct.organizationId', '=', organizationId)
    .where('ct.required', '=', true)
    .where((eb) => eb.or([eb('uc.value', 'is', null), eb('uc.value', '<=', 0)]))
    .executeTakeFirst();
  return Boolean(missing);
}
