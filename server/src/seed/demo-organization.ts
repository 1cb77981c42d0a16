import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Database } from '../db/engine.ts';

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

export const DEMO_CONSENTS = [
  {
    key: 'terms',
    name: 'Terms and privacy policy',
    description: 'I accept the terms of use and the privacy policy.',
    required: true,
  },
  {
    key: 'marketing_email',
    name: 'News by e-mail',
    description: 'Send me team news and offers by e-mail.',
    required: false,
  },
  {
    key: 'partner_offers',
    name: 'Partner offers',
    description: 'Share offers from team partners with me.',
    required: false,
  },
];

export const DEMO_CREDENTIALS = {
  fan: { email: 'fan@paddock.demo', password: 'paddock-fan-2026' },
  operator: { email: 'operator@paddock.demo', password: 'paddock-operator-2026' },
};

export const newReferralCode = () => randomBytes(5).toString('base64url').replace(/[-_]/g, 'x').toUpperCase();

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
  await db
    .insertInto('consentTypes')
    .values(DEMO_CONSENTS.map((c, i) => ({ ...c, organizationId: org.id, sortOrder: i })))
    .execute();
  return org;
}

/** A confirmed e-mail/password account; used by the demo seed and the CLI. */
export async function seedAccount(
  db: Database,
  organizationId: string,
  account: {
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
    birthday?: string;
    role?: string;
  },
) {
  const now = new Date();
  return db
    .insertInto('users')
    .values({
      organizationId,
      email: account.email.toLowerCase(),
      encryptedPassword: await hash(account.password),
      emailConfirmedAt: now,
      appMetadata: JSON.stringify(account.role ? { roles: [account.role] } : {}),
      userMetadata: JSON.stringify({}),
      properties: JSON.stringify({}),
      firstName: account.firstName ?? null,
      lastName: account.lastName ?? null,
      username: account.firstName ? `${account.firstName.toLowerCase()}` : null,
      birthday: account.birthday ?? null,
      onboardedAt: account.firstName ? now : null,
      referralCode: newReferralCode(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
