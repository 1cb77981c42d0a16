import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/engine.ts';
import type { OrganizationBranding, OrganizationSettings } from './organization-tables.ts';

/** Product §10.1: the ten ranks a new organization starts with, from entry (P10) to top (P1). */
export const DEFAULT_RANKS = [
  { code: 'P10', name: 'Rookie', minPoints: 0, benefits: 'Welcome pack wallpaper and the fan newsletter.' },
  { code: 'P9', name: 'Karting Kid', minPoints: 100, benefits: 'Exclusive wallpapers every race weekend.' },
  { code: 'P8', name: 'Junior Formula', minPoints: 300, benefits: 'Early access to race-week polls.' },
  { code: 'P7', name: 'Test Driver', minPoints: 600, benefits: 'Behind-the-scenes stories.' },
  { code: 'P6', name: 'Reserve Driver', minPoints: 1000, benefits: '10% off in the team shop.' },
  {
    code: 'P5',
    name: 'Race Driver',
    minPoints: 1600,
    benefits: 'Double sweepstake entries on selected prizes.',
  },
  { code: 'P4', name: 'Podium Finisher', minPoints: 2500, benefits: 'Priority ticket window.' },
  { code: 'P3', name: 'Race Winner', minPoints: 4000, benefits: 'Signed driver card.' },
  { code: 'P2', name: 'Pole Sitter', minPoints: 6000, benefits: 'Paddock tour draw every season.' },
  {
    code: 'P1',
    name: 'World Champion',
    minPoints: 9000,
    benefits: 'Invitation to the season-end fan event.',
  },
] as const;

const DEFAULT_BRANDING: OrganizationBranding = {
  primaryColor: '#e10600',
  accentColor: '#00d2be',
  backgroundColor: '#0b0d12',
};

const DEFAULT_SETTINGS: OrganizationSettings = {
  loggedOffDashboard: false,
  hiddenChallengeIds: [],
  checkinRewards: [10, 15, 20, 25, 30, 40, 50],
};

/** A publishable key (`pk_<slug>_<random>`): public by design, it names the organization. */
export function newPublishableKey(slug: string): string {
  return `pk_${slug.replace(/[^a-z0-9]/gi, '')}_${randomBytes(12).toString('hex')}`;
}

export interface CreateOrganizationInput {
  slug: string;
  name: string;
  publishableKey?: string;
  timeZone?: string;
  settings?: OrganizationSettings;
}

/**
 * An organization with its publishable key and its ten ranks (product §10.1). Callers run it in
 * their transaction with whatever else the new tenant needs (consent types, demo content).
 */
export async function createOrganization(db: Database, input: CreateOrganizationInput) {
  const org = await db
    .insertInto('organizations')
    .values({
      slug: input.slug,
      name: input.name,
      publishableKey: input.publishableKey ?? newPublishableKey(input.slug),
      timeZone: input.timeZone ?? 'Europe/London',
      branding: JSON.stringify(DEFAULT_BRANDING),
      settings: JSON.stringify({ ...DEFAULT_SETTINGS, internalEmailDomains: [], ...input.settings }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ranks')
    .values(DEFAULT_RANKS.map((r) => ({ ...r, organizationId: org.id })))
    .execute();
  return org;
}

/** Replaces the organization's publishable key; the old one stops naming it at once. */
export async function rotatePublishableKey(db: Database, slug: string): Promise<string | undefined> {
  const key = newPublishableKey(slug);
  const row = await db
    .updateTable('organizations')
    .set({ publishableKey: key, updatedAt: new Date() })
    .where('slug', '=', slug)
    .returning('publishableKey')
    .executeTakeFirst();
  return row?.publishableKey;
}

/** Every organization, oldest first (the admin CLI's list-orgs). */
export function listOrganizations(db: Database) {
  return db
    .selectFrom('organizations')
    .select(['id', 'slug', 'name', 'publishableKey', 'timeZone', 'createdAt'])
    .orderBy('createdAt', 'asc')
    .execute();
}
