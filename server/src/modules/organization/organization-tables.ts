import type { Generated } from 'kysely';
import type { Json } from '../../db/column-types.ts';

/** Kysely interfaces of the organization (tenant) and rank tables (camelCase; see 0001_core.ts). */

export interface OrganizationBranding {
  primaryColor?: string;
  accentColor?: string;
  backgroundColor?: string;
  logoMediaId?: string | null;
}

export interface OrganizationSettings {
  loggedOffDashboard?: boolean;
  termsUrl?: string | null;
  privacyUrl?: string | null;
  internalEmailDomains?: string[];
  hiddenChallengeIds?: string[];
  /** Points paid for check-in day 1, 2, 3…; the last value repeats for longer streaks. */
  checkinRewards?: number[];
}

export interface OrganizationsTable {
  id: Generated<string>;
  slug: string;
  name: string;
  publishableKey: string;
  timeZone: Generated<string>;
  defaultLocale: Generated<string>;
  branding: Json<OrganizationBranding>;
  settings: Json<OrganizationSettings>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface RanksTable {
  organizationId: string;
  code: string;
  name: string;
  minPoints: number;
  benefits: string | null;
}

export interface OrganizationTables {
  organizations: OrganizationsTable;
  ranks: RanksTable;
}
