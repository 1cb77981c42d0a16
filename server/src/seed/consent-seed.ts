import type { Database } from '../db/engine.ts';
import { createDefaultConsentTypes } from '../modules/consent/consent-defaults.ts';

/** The demo team's consent types are the defaults every new organization gets. */
export function seedConsentTypes(db: Database, organizationId: string) {
  return createDefaultConsentTypes(db, organizationId);
}
