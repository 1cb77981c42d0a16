import { adminSweepstakeCreateSchema } from '@paddock/contracts/api/sweepstakes';
import { postPoints } from '../modules/ledger/ledger-service.ts';
import { insertSweepstake } from '../modules/sweepstakes/sweepstake-admin-service.ts';
import { drawInTransaction } from '../modules/sweepstakes/sweepstake-draw.ts';
import { enterInTransaction, freeEntryInTransaction } from '../modules/sweepstakes/sweepstake-entry.ts';
import { seedActivations } from './activations-seed.ts';
import { seedAccount } from './profile-seed.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';
import { prizeImagePath, RULES_PDF_PATH } from './sweepstakes-demo-assets.ts';

const SVG = 'image/svg+xml';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Fans of the demo team who entered the already-drawn sweepstake (no password: they cannot sign in). */
const DEMO_ENTRANTS = [
  { firstName: 'Jamie', lastName: 'Khan', country: 'GB', entries: 6 },
  { firstName: 'Priya', lastName: 'Shah', country: 'GB', entries: 3 },
  { firstName: 'Lucas', lastName: 'Moreau', country: 'FR', entries: 9 },
  { firstName: 'Sofia', lastName: 'Rossi', country: 'IT', entries: 2 },
  { firstName: 'Noah', lastName: 'Becker', country: 'DE', entries: 4 },
];

/** The open and coming sweepstakes of the demo season; times are offsets from the seed's now. */
const LIVE_DEMO_SWEEPSTAKES = [
  {
    image: 'signed-helmet',
    title: 'Win a signed race helmet',
    description:
      'The helmet our driver wore at Silverstone, signed after the race. Every entry is a chance; enter as often as you like up to the cap.',
    prize: 'Signed race helmet',
    startsIn: -3 * DAY,
    endsIn: 10 * DAY,
    costPerEntry: 250,
    maxEntriesPerFan: 20,
  },
  {
    image: 'paddock-club',
    title: 'Paddock Club weekend for two',
    description: 'Hospitality, a pit-lane walk and grandstand seats at Monza for you and a friend.',
    prize: 'Paddock Club for two',
    startsIn: 5 * DAY,
    endsIn: 30 * DAY,
    costPerEntry: 500,
    maxEntriesPerFan: 10,
    eligibleCountries: ['GB', 'IE', 'IT'],
  },
  {
    image: 'shop-voucher',
    title: '£100 team shop voucher',
    description: 'Three vouchers to spend on team kit. Quick draw: closes in three days.',
    prize: '£100 shop voucher',
    startsIn: -1 * DAY,
    endsIn: 3 * DAY,
    costPerEntry: 50,
    winnerCount: 3,
  },
];

/**
 * Demo season: four sweepstakes (live, coming soon, ended and drawn with verifiable winners,
 * another live one) with prize pictures and the rules PDF, and two activations (the
 * Silverstone fan zone open now, the Monza pit walk upcoming) with their badges. Every point
 * that moves goes through the ledger, so the demo data keeps the ledger invariant.
 */
export async function seedSweepstakes(ctx: SeasonSeedContext): Promise<void> {
  const { db, org, now } = ctx;
  const operator = { db, org, now, actorUserId: ctx.operatorId };
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  const rulesMediaId = await ctx.asset(RULES_PDF_PATH, 'application/pdf');
  const create = async (input: Record<string, unknown>, image: string) =>
    insertSweepstake(
      operator,
      adminSweepstakeCreateSchema.parse({
        ...input,
        mediaId: await ctx.asset(prizeImagePath(image), SVG),
        rulesMediaId,
      }),
    );

  for (const { image, startsIn, endsIn, ...input } of LIVE_DEMO_SWEEPSTAKES) {
    await create({ ...input, startsAt: at(startsIn), endsAt: at(endsIn) }, image);
  }

  // The ended one: entries replayed as if made during its window, then drawn for real, so the
  // published seed, entry hash and winners verify at /api/sweepstake/{id}/verify.
  const endedStart = now.getTime() - 30 * DAY;
  const endedEnd = now.getTime() - 2 * DAY;
  const ended = await create(
    {
      title: 'Signed team cap',
      description: 'A team cap signed by both drivers. Drawn: see the winners and check the draw yourself.',
      prize: 'Signed team cap',
      startsAt: new Date(endedStart).toISOString(),
      endsAt: new Date(endedEnd).toISOString(),
      costPerEntry: 100,
      winnerCount: 2,
    },
    'team-cap',
  );
  const duringWindow = new Date(endedStart + 10 * DAY);
  for (const entrant of DEMO_ENTRANTS) {
    const user = await seedAccount(
      db,
      org.id,
      {
        email: `${entrant.firstName}.${entrant.lastName}@fans.paddock.demo`,
        firstName: entrant.firstName,
        lastName: entrant.lastName,
        country: entrant.country,
        birthday: '1992-04-18',
      },
      now,
    );
    await postPoints(db, {
      organizationId: org.id,
      userId: user.id,
      amount: entrant.entries * 100 + 120,
      kind: 'adjustment',
      description: 'Season welcome bonus',
    });
    await enterInTransaction({ db, org, now: duringWindow, userId: user.id }, ended, entrant.entries);
  }
  await freeEntryInTransaction({ db, org, now: duringWindow, userId: ctx.fanId }, ended);
  await drawInTransaction(operator, ended, 2);

  await seedActivations(ctx);
}
