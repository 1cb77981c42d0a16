import type { Database } from '../db/engine.ts';
import { createOrganization, DEFAULT_RANKS } from '../modules/organization/organization-create.ts';
import { seedConsentTypes } from './consent-seed.ts';

/** The demo team's ranks are the defaults every new organization gets. */
export const DEMO_RANKS = DEFAULT_RANKS;

export interface SeedOrganizationOptions {
  slug: string;
  name: string;
  publishableKey?: string;
  timeZone?: string;
  loggedOffDashboard?: boolean;
}

/** An organization with its ten ranks and consent types (the tenant every fan belongs to). */
export async function seedOrganization(db: Database, opts: SeedOrganizationOptions) {
  const org = await createOrganization(db, {
    slug: opts.slug,
    name: opts.name,
    publishableKey: opts.publishableKey,
    timeZone: opts.timeZone,
    settings: {
      loggedOffDashboard: opts.loggedOffDashboard ?? false,
      internalEmailDomains: ['paddock.demo', 'paddock-team.com'],
    },
  });
  await seedConsentTypes(db, org.id);
  return org;
}
