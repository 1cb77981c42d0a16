import type { Database } from '../../db/engine.ts';
import type { BoostLookup } from '../ledger/ledger-service.ts';
import { announceBoostChange } from './boost-live.ts';
import { type BoostWindow, cachedBoosts } from './boost-cache.ts';

/** "×2 race-weekend boost", "×1.5 Fan-zone boost": appended to the fan's ledger line (product §12.2). */
export function boostLabel(boost: { name: string; multiplier: number }): string {
  const factor = Number.isInteger(boost.multiplier)
    ? String(boost.multiplier)
    : String(Number(boost.multiplier.toFixed(2)));
  return `×${factor} ${boost.name}`;
}

/**
 * The best boost for one award: the organization's or the fan's own, for this kind of earning
 * or for 'all', whose window [startsAt, endsAt) contains `at` — the server's clock, so a test
 * clock or a replayed request decides the same way (decision 006). Highest multiplier
 * wins, then the earliest start, then the id (so memory and database agree); boosts never
 * stack, so an operator can reason about the most a fan can earn. Earning callers pass it to
 * the ledger's postPoints, which stays ignorant of boosts. The candidates come from the app's
 * boost cache when it can answer (boost-cache.ts), else from the database.
 */
export const bestActiveBoost: BoostLookup = async (trx, q) => {
  const cached = await cachedBoosts(trx, q);
  const row = cached ? bestOf(cached, q) : await bestInDatabase(trx, q);
  if (!row) return null;
  const multiplier = Number(row.multiplier);
  return { id: row.id, name: row.name, multiplier, label: boostLabel({ name: row.name, multiplier }) };
};

type Award = Parameters<BoostLookup>[1];

/** The same choice as bestInDatabase, over the organization's cached boosts. */
function bestOf(boosts: readonly BoostWindow[], q: Award): BoostWindow | undefined {
  let best: BoostWindow | undefined;
  for (const b of boosts) {
    if (b.userId !== null && b.userId !== q.userId) continue;
    if (b.earning !== q.earning && b.earning !== 'all') continue;
    if (b.startsAt > q.at || b.endsAt <= q.at) continue;
    if (!best || better(b, best)) best = b;
  }
  return best;
}

function better(a: BoostWindow, b: BoostWindow): boolean {
  if (a.multiplier !== b.multiplier) return a.multiplier > b.multiplier;
  if (a.startsAt.getTime() !== b.startsAt.getTime()) return a.startsAt < b.startsAt;
  return a.id < b.id;
}

function bestInDatabase(trx: Database, q: Award) {
  return trx
    .selectFrom('boosts')
    .select(['id', 'name', 'multiplier'])
    .where('organizationId', '=', q.organizationId)
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', q.userId)]))
    .where('earning', 'in', [q.earning, 'all'])
    .where('startsAt', '<=', q.at)
    .where('endsAt', '>', q.at)
    .orderBy('multiplier', 'desc')
    .orderBy('startsAt', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A badge may carry a boost template (badge_boosts). When a fan earns such a badge (an
 * activation, a milestone) this grants the personal boost from `at` for the template's
 * duration. Call it inside the transaction that granted the badges; the unique key
 * (user_id, badge_id) makes a repeat or a concurrent duplicate grant nothing.
 * Returns the boosts created now.
 */
export async function grantBadgeBoosts(
  trx: Database,
  input: { organizationId: string; userId: string; badgeIds: readonly string[]; at: Date },
): Promise<{ boostId: string; badgeId: string; name: string; multiplier: number; endsAt: Date }[]> {
  if (input.badgeIds.length === 0) return [];
  const templates = await trx
    .selectFrom('badgeBoosts')
    .selectAll()
    .where('organizationId', '=', input.organizationId)
    .where('badgeId', 'in', [...input.badgeIds])
    .execute();
  const granted = [];
  for (const tpl of templates) {
    const endsAt = new Date(input.at.getTime() + tpl.durationMinutes * 60_000);
    const row = await trx
      .insertInto('boosts')
      .values({
        organizationId: input.organizationId,
        name: tpl.name,
        multiplier: tpl.multiplier,
        earning: tpl.earning,
        userId: input.userId,
        startsAt: input.at,
        endsAt,
        badgeId: tpl.badgeId,
      })
      .onConflict((oc) => oc.columns(['userId', 'badgeId']).where('badgeId', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) {
      // The fan's dashboard shows the new boost with its countdown (boost_changed, decision 024).
      announceBoostChange(
        trx,
        {
          id: row.id,
          organizationId: input.organizationId,
          userId: input.userId,
          startsAt: input.at,
          endsAt,
        },
        input.at,
      );
      granted.push({
        boostId: row.id,
        badgeId: tpl.badgeId,
        name: tpl.name,
        multiplier: Number(tpl.multiplier),
        endsAt,
      });
    }
  }
  return granted;
}
