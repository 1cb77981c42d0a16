import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';
import { createDefaultConsentTypes } from '../modules/consent/consent-defaults.ts';
import { createOrganization } from '../modules/organization/organization-create.ts';
import { organizationBySlug } from '../modules/organization/organization-service.ts';

/**
 * A new team (decision 035): the organization with its publishable key and ten ranks, and its
 * consent types, in one transaction. Shared by `npm run admin -- create-org` and the platform
 * API; answers undefined when the slug is taken (the unique index decides a race).
 */
export async function createTeam(
  db: Database,
  input: { slug: string; name: string; timeZone: string },
): Promise<Organization | undefined> {
  if (await organizationBySlug(db, input.slug)) return undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const created = await createOrganization(trx, input);
      await createDefaultConsentTypes(trx, created.id);
      return created;
    });
  } catch (error) {
    if (String((error as { code?: string }).code) === '23505') return undefined;
    throw error;
  }
}
