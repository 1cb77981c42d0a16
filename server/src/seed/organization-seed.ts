import { randomBytes } from 'node:crypto';
import type { Database } from '../db/engine.ts';
import { seedConsentTypes } from './consent-seed.ts';

export const DEMO_RANKS = [
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

export interface SeedOrganizationOptions {
  slug: string;
  name: string;
  publishableKey?: string;
  timeZone?: string;
  loggedOffDashboard?: boolean;
}

/** An organization with its ten ranks and consent types (the tenant every fan belongs to). */
export async function seedOrganization(db: Database, opts: SeedOrganizationOptions) {
  const org = await db
    .insertInto('organizations')
    .values({
      slug: opts.slug,
      name: opts.name,
      publishableKey:
        opts.publishableKey ??
        `pk_${opts.slug.replace(/[^a-z0-9]/gi, '')}_${randomBytes(12).toString('hex')}`,
      timeZone: opts.timeZone ?? 'Europe/London',
      branding: JSON.stringify({
        primaryColor: '#e10600',
        accentColor: '#00d2be',
        backgroundColor: '#0b0d12',
      }),
      settings: JSON.stringify({
        loggedOffDashboard: opts.loggedOffDashboard ?? false,
        internalEmailDomains: ['paddock.demo', 'paddock-team.com'],
        hiddenChallengeIds: [],
        checkinRewards: [10, 15, 20, 25, 30, 40, 50],
      }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ranks')
    .values(DEMO_RANKS.map((r) => ({ ...r, organizationId: org.id })))
    .execute();
  await seedConsentTypes(db, org.id);
  return org;
}
