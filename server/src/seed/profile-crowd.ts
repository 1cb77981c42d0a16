import { newReferralCode } from '../modules/referral/referral-code.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';
import type { SeedRandom } from './seed-random.ts';

const DAY = 24 * 3600_000;

const FIRST_NAMES = [
  'Oliver',
  'Amelia',
  'Harry',
  'Isla',
  'Jack',
  'Ava',
  'George',
  'Mia',
  'Leo',
  'Freya',
  'Ethan',
  'Grace',
  'Luca',
  'Chloe',
  'Matteo',
  'Giulia',
  'Hugo',
  'Léa',
  'Felix',
  'Hannah',
  'Daan',
  'Sanne',
  'Mateo',
  'Lucía',
  'Aiden',
  'Zara',
  'Omar',
  'Nadia',
  'Ryan',
  'Ella',
  'Finn',
  'Saoirse',
  'Kofi',
  'Amara',
  'Yuki',
  'Ren',
  'Sven',
  'Ingrid',
  'Tom',
  'Ruby',
] as const;
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Walsh',
  'Murphy',
  'Evans',
  'Patel',
  'Hughes',
  'Clarke',
  'Bianchi',
  'Romano',
  'Conti',
  'Dubois',
  'Laurent',
  'Martin',
  'Schmidt',
  'Weber',
  'Fischer',
  'Jansen',
  'de Vries',
  'García',
  'López',
  'Fernández',
  'Kelly',
  'Byrne',
  'Mensah',
  'Owusu',
  'Tanaka',
  'Sato',
  'Nilsson',
  'Berg',
  'Wright',
  'Green',
  'Hall',
  'Ward',
  'King',
  'Scott',
  'Baker',
  'Moore',
] as const;
/** Mostly home fans: the team races under a British licence. */
const COUNTRIES = ['GB', 'GB', 'GB', 'GB', 'IE', 'IT', 'IT', 'FR', 'DE', 'NL', 'ES', 'US', 'AU', 'BE', 'JP'];

/** One of the demo crowd: who they are and how keen (engagement) and knowledgeable (skill) they are. */
export interface CrowdFan {
  id: string;
  joinedAt: Date;
  /** 0.1–1: how often they come back to play. */
  engagement: number;
  /** 0–1: how often their trivia answers are right. */
  skill: number;
  adult: boolean;
  country: string;
}

/**
 * The demo crowd: `count` fans who signed up over the past ten weeks (no password: they cannot
 * sign in, they make the season's results, boards and charts). Inserted in one statement.
 */
export async function seedCrowdFans(ctx: SeasonSeedContext, rnd: SeedRandom, count: number) {
  const { db, org, now } = ctx;
  const year = now.getUTCFullYear();
  const people = Array.from({ length: count }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const lastName = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length] as string;
    // A few teenagers: the boards show them as "Fan #…" and sweepstakes turn them away (product §5).
    const adult = !rnd.chance(0.04);
    const age = adult ? rnd.int(18, 64) : rnd.int(13, 17);
    const joinedAt = rnd.between(now.getTime() - 70 * DAY, now.getTime() - 2 * DAY);
    const handle = `${firstName}${lastName.replace(/[^A-Za-z]/g, '').slice(0, 1)}${rnd.int(1, 99)}`;
    return {
      joinedAt,
      // Skewed towards casual fans, with a keen few at the top of the boards.
      engagement: 0.1 + 0.9 * rnd.next() ** 1.6,
      skill: rnd.next(),
      adult,
      country: rnd.pick(COUNTRIES),
      row: {
        organizationId: org.id,
        email: `${handle.toLowerCase()}.${i + 1}@fans.paddock.demo`,
        encryptedPassword: null,
        emailConfirmedAt: joinedAt,
        appMetadata: JSON.stringify({}),
        userMetadata: JSON.stringify({}),
        properties: JSON.stringify({}),
        firstName,
        lastName,
        username: handle.toLowerCase(),
        birthday: `${year - age}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
        onboardedAt: joinedAt,
        referralCode: newReferralCode(),
        leaderboardVisible: !rnd.chance(0.05),
        createdAt: joinedAt,
      },
    };
  });
  const inserted = await db
    .insertInto('users')
    .values(people.map((p) => ({ ...p.row, country: p.country })))
    .returning('id')
    .execute();
  return people.map(
    (p, i): CrowdFan => ({
      id: inserted[i]?.id as string,
      joinedAt: p.joinedAt,
      engagement: p.engagement,
      skill: p.skill,
      adult: p.adult,
      country: p.country,
    }),
  );
}
