import { adminSweepstakeCreateSchema } from '@paddock/contracts/api/sweepstakes';
import type { DatedLedgerEntry } from '../modules/ledger/ledger-replay.ts';
import { insertSweepstake } from '../modules/sweepstakes/sweepstake-admin-service.ts';
import { entrantId } from '../modules/sweepstakes/sweepstake-service.ts';
import type { CrowdFan } from './profile-crowd.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';
import type { SeedRandom } from './seed-random.ts';
import { prizeImagePath, RULES_PDF_PATH } from './sweepstakes-demo-assets.ts';

const DAY = 24 * 3600_000;

/**
 * The sweepstake that closed yesterday and waits for the operator's draw (product §11: the
 * console's draw button has something to do on a first start).
 */
async function seedClosedSweepstake(ctx: SeasonSeedContext) {
  const { db, org, now } = ctx;
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  return insertSweepstake(
    { db, org, now, actorUserId: ctx.operatorId },
    adminSweepstakeCreateSchema.parse({
      title: 'Two grandstand seats at Spa',
      description:
        'Two Saturday and Sunday grandstand seats at Eau Rouge for the Belgian Grand Prix. Entries have closed: the draw is next.',
      prize: 'Two grandstand seats at Spa',
      startsAt: at(-21 * DAY),
      endsAt: at(-1 * DAY),
      costPerEntry: 40,
      maxEntriesPerFan: 10,
      winnerCount: 1,
      mediaId: await ctx.asset(prizeImagePath('paddock-club'), 'image/svg+xml'),
      rulesMediaId: await ctx.asset(RULES_PDF_PATH, 'application/pdf'),
    }),
  );
}

/**
 * What a fan can spend at `at` without any later moment of their ledger going below zero: the
 * lowest running balance from then on.
 */
function spendableFrom(lines: DatedLedgerEntry[], at: Date) {
  const sorted = [...lines].sort((a, b) => a.at.getTime() - b.at.getTime());
  let running = 0;
  let lowest = Infinity;
  for (const line of sorted) {
    if (line.at > at) lowest = Math.min(lowest, running);
    running += line.amount;
  }
  return Math.max(0, Math.min(lowest, running));
}

/**
 * The crowd's sweepstake entries: adults from an eligible country spend some of what they had
 * earned by then (never more: their balance at that moment pays for it) in every sweepstake that
 * is open or closed and not drawn yet. Entries are spending, so they are ledger lines too.
 */
export async function crowdSweepstakeEntries(
  ctx: SeasonSeedContext,
  fans: CrowdFan[],
  rnd: SeedRandom,
  ledger: DatedLedgerEntry[],
) {
  const { db, org, now } = ctx;
  await seedClosedSweepstake(ctx);
  const sweepstakes = await db
    .selectFrom('sweepstakes')
    .selectAll()
    .where('organizationId', '=', org.id)
    .where('drawnAt', 'is', null)
    .where('startsAt', '<', now)
    .orderBy('startsAt')
    .execute();
  const byFan = new Map<string, DatedLedgerEntry[]>();
  for (const line of ledger) byFan.set(line.userId, [...(byFan.get(line.userId) ?? []), line]);
  const entries: {
    organizationId: string;
    sweepstakeId: string;
    userId: string;
    entrant: string;
    count: number;
    pointsSpent: number;
    createdAt: Date;
    updatedAt: Date;
  }[] = [];
  for (const fan of fans) {
    if (!fan.adult) continue;
    const lines = byFan.get(fan.id) ?? [];
    for (const s of sweepstakes) {
      if (s.eligibleCountries && !s.eligibleCountries.includes(fan.country)) continue;
      if (!rnd.chance(0.75 * fan.engagement)) continue;
      const at = rnd.between(
        new Date(s.startsAt).getTime(),
        Math.min(new Date(s.endsAt).getTime(), now.getTime()),
      );
      const affordable = Math.floor(spendableFrom(lines, at) / s.costPerEntry);
      const count = Math.min(affordable, s.maxEntriesPerFan ?? 10, rnd.int(1, 5));
      if (count < 1) continue;
      const spent = count * s.costPerEntry;
      const line: DatedLedgerEntry = {
        organizationId: org.id,
        userId: fan.id,
        amount: -spent,
        kind: 'sweepstake_entry',
        reference: s.id,
        description: `${count} ${count === 1 ? 'entry' : 'entries'}: ${s.prize}`,
        at,
      };
      ledger.push(line);
      lines.push(line);
      entries.push({
        organizationId: org.id,
        sweepstakeId: s.id,
        userId: fan.id,
        entrant: entrantId(s.seed, fan.id),
        count,
        pointsSpent: spent,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  for (let i = 0; i < entries.length; i += 1000) {
    await db
      .insertInto('sweepstakeEntries')
      .values(entries.slice(i, i + 1000))
      .execute();
  }
}
