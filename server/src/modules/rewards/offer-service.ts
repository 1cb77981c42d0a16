import { ageOn, RANK_CODES, type RankCode, rankFor } from '@paddock/contracts';
import type { Offer, OfferClaimResult, OfferStatus } from '@paddock/contracts/api/offers';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { listRanks } from '../organization/organization-service.ts';
import { findFan } from '../profile/fan-accounts.ts';
import type { OffersTable } from './rewards-tables.ts';
import { todayIn } from '../../platform/calendar.ts';

export type OfferRow = Selectable<OffersTable>;
type Ranks = Awaited<ReturnType<typeof listRanks>>;

export const fileUrl = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

/** live inside [startsAt, endsAt) on the server's clock (decision 006). */
export function offerStatus(row: Pick<OfferRow, 'startsAt' | 'endsAt'>, now: Date): OfferStatus {
  if (now < new Date(row.startsAt)) return 'upcoming';
  if (now >= new Date(row.endsAt)) return 'ended';
  return 'live';
}

/** What the fan's and the operator's views of an offer both say straight from its row. */
export const offerBasics = (row: OfferRow, now: Date) => ({
  offerId: row.id,
  title: row.title,
  text: row.body,
  imageUrl: fileUrl(row.mediaId),
  cost: row.cost,
  startsAt: new Date(row.startsAt).toISOString(),
  endsAt: new Date(row.endsAt).toISOString(),
  status: offerStatus(row, now),
  redemption: row.redemption,
  minAge: row.minAge,
});

/** Claims still possible: the stock left, and for a code offer also the unclaimed codes. */
export function remainingOf(
  row: Pick<OfferRow, 'stock' | 'claimedCount' | 'redemption'>,
  codesAvailable: number,
): number | null {
  const stockLeft = row.stock === null ? null : Math.max(0, row.stock - row.claimedCount);
  if (row.redemption === 'instruction') return stockLeft;
  return stockLeft === null ? codesAvailable : Math.min(stockLeft, codesAvailable);
}

/** Ranks run P10 (entry) … P1 (top); a fan meets a requirement at that rank or above. */
function meetsRank(fanRank: RankCode | null, required: string | null): boolean {
  if (!required) return true;
  if (!fanRank) return false;
  return RANK_CODES.indexOf(fanRank) >= RANK_CODES.indexOf(required as RankCode);
}

export interface FanFacts {
  rank: RankCode | null;
  birthday: string | null;
  today: string;
}

async function fanFacts(db: Database, org: Organization, userId: string, now: Date) {
  const [user, ranks] = await Promise.all([findFan(db, org.id, userId), listRanks(db, org.id)]);
  if (!user) throw new Error('The signed-in fan no longer exists');
  const facts: FanFacts = {
    rank: (rankFor(user.lifetimePoints, ranks)?.code as RankCode | undefined) ?? null,
    birthday: user.birthday,
    today: todayIn(org.timeZone, now),
  };
  return { facts, ranks, points: user.points };
}

/** Product §2: an age-gated offer is not for a younger fan (or one without a birthday). */
export const ageBlocked = (row: Pick<OfferRow, 'minAge'>, fan: Pick<FanFacts, 'birthday' | 'today'>) =>
  row.minAge !== null && (!fan.birthday || ageOn(fan.birthday, fan.today) < row.minAge);

interface Claimed {
  code: string | null;
  claimedAt: Date;
}

function present(
  row: OfferRow,
  now: Date,
  ranks: Ranks,
  fan: FanFacts,
  claimed: Claimed | undefined,
  codesAvailable: number,
): Offer {
  const required = row.minRankCode ? ranks.find((r) => r.code === row.minRankCode) : undefined;
  return {
    ...offerBasics(row, now),
    mediaId: row.mediaId,
    requiredRank: row.minRankCode
      ? { code: row.minRankCode as RankCode, name: required?.name ?? row.minRankCode }
      : null,
    locked: !meetsRank(fan.rank, row.minRankCode),
    offerClaimed: Boolean(claimed),
    code: claimed?.code ?? null,
    // The instruction is the reward itself (e.g. "show this screen at the shop"): claimants only.
    instruction: claimed && row.redemption === 'instruction' ? row.instruction : null,
    claimedAt: claimed ? new Date(claimed.claimedAt).toISOString() : null,
    remaining: remainingOf(row, codesAvailable),
  };
}

async function availableCodes(db: Database, offerIds: string[]) {
  const counts = new Map<string, number>();
  if (offerIds.length === 0) return counts;
  const rows = await db
    .selectFrom('offerCodes')
    .select((eb) => ['offerId', eb.fn.countAll<string>().as('n')])
    .where('offerId', 'in', offerIds)
    .where('claimedAt', 'is', null)
    .groupBy('offerId')
    .execute();
  for (const r of rows) counts.set(r.offerId, Number(r.n));
  return counts;
}

/**
 * The offers a fan sees: every live, non-archived offer (rank-locked ones included, so the
 * card can show the rank needed), minus age-gated ones for a fan under that age (product §2 keeps
 * under-18 fans off /benefits), plus every offer the fan has claimed (even ended or archived)
 * so the code stays at hand. Newest first.
 */
export async function listOffersForFan(call: FanCall, onlyId?: string): Promise<Offer[]> {
  const { db, org, userId, now } = call;
  const { facts, ranks } = await fanFacts(db, org, userId, now);
  let query = db
    .selectFrom('offers')
    .selectAll()
    .where('organizationId', '=', org.id)
    // An archived offer disappears for everyone but the fans who claimed it: their code stays.
    .where((eb) =>
      eb.or([
        eb('archivedAt', 'is', null),
        eb(
          'id',
          'in',
          eb
            .selectFrom('offerClaims')
            .select('offerId')
            .where('userId', '=', userId)
            .where('organizationId', '=', org.id),
        ),
      ]),
    );
  if (onlyId) query = query.where('id', '=', onlyId);
  const rows = await query.orderBy('startsAt', 'desc').orderBy('id').execute();
  const ids = rows.map((r) => r.id);
  const [claims, codes] = await Promise.all([
    ids.length > 0
      ? db
          .selectFrom('offerClaims as c')
          .leftJoin('offerCodes as k', 'k.id', 'c.codeId')
          .select(['c.offerId', 'c.claimedAt', 'k.code'])
          .where('c.userId', '=', userId)
          .where('c.offerId', 'in', ids)
          .execute()
      : [],
    availableCodes(db, ids),
  ]);
  const claimedBy = new Map(claims.map((c) => [c.offerId, { code: c.code, claimedAt: c.claimedAt }]));
  return rows
    .filter((row) => {
      if (claimedBy.has(row.id)) return true;
      if (offerStatus(row, now) !== 'live') return false;
      return !ageBlocked(row, facts);
    })
    .map((row) => present(row, now, ranks, facts, claimedBy.get(row.id), codes.get(row.id) ?? 0));
}

/** GET /offers/current: the newest live offer the fan can still claim, else the newest live one. */
export async function currentOffer(call: FanCall): Promise<Offer | null> {
  const live = (await listOffersForFan(call)).filter((o) => o.status === 'live');
  const claimable = live.find((o) => !o.offerClaimed && !o.locked && o.remaining !== 0);
  return claimable ?? live[0] ?? null;
}

function notEligible(
  reason: 'window' | 'age' | 'rank',
  message: string,
  extra: Record<string, unknown> = {},
) {
  return unprocessable('not_eligible', message, { reason, ...extra });
}

const outOfStock = () => unprocessable('out_of_stock', 'This offer has run out; watch for the next one');

/**
 * POST /offers/{id}/claim: checks eligibility, spends the cost and hands out one code in ONE
 * transaction, so a fan never pays without a code nor gets a code without paying.
 *
 * Concurrency (proved on real PostgreSQL by offer.test.ts):
 * - one claim per fan: the claim row is inserted first; a concurrent double tap blocks on the
 *   unique (offer_id, user_id) key until the first commits, then inserts nothing → already_claimed.
 * - one code per claim: the next free code is taken with FOR UPDATE SKIP LOCKED, so concurrent
 *   claimants each lock a different row instead of queueing on one; the points are spent
 *   before that, so a claim that would fail for points never holds a code others skip.
 * - stock: `claimed_count + 1 where claimed_count < stock` on the offer row, taken last so the
 *   row lock is held only for the commit; PostgreSQL re-checks the guard on the locked row.
 * PGlite runs transactions one at a time, where the same statements are trivially correct.
 */
export async function claimOffer(call: FanCall, offerId: string): Promise<OfferClaimResult> {
  const { org, userId, now } = call;
  const outcome = await call.db.transaction().execute(async (trx) => {
    const offer = await trx
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', offerId)
      .where('organizationId', '=', org.id)
      .where('archivedAt', 'is', null)
      .executeTakeFirst();
    if (!offer) throw notFound('Offer');
    const already = await trx
      .selectFrom('offerClaims')
      .select('id')
      .where('offerId', '=', offer.id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (already) throw unprocessable('already_claimed', 'You have already claimed this offer');

    const { facts, ranks, points } = await fanFacts(trx, org, userId, now);
    const status = offerStatus(offer, now);
    if (status !== 'live') {
      throw notEligible(
        'window',
        status === 'upcoming' ? 'This offer is not open yet' : 'This offer has ended',
        { status },
      );
    }
    if (ageBlocked(offer, facts)) {
      throw notEligible(
        'age',
        facts.birthday
          ? `This offer is for fans aged ${offer.minAge} and over`
          : 'Add your date of birth to your profile to claim this offer',
        { minAge: offer.minAge },
      );
    }
    if (!meetsRank(facts.rank, offer.minRankCode)) {
      const required = ranks.find((r) => r.code === offer.minRankCode);
      throw notEligible('rank', `This offer unlocks at rank ${required?.name ?? offer.minRankCode}`, {
        requiredRank: { code: offer.minRankCode, name: required?.name ?? offer.minRankCode },
      });
    }
    if (offer.stock !== null && offer.claimedCount >= offer.stock) throw outOfStock();

    const claim = await trx
      .insertInto('offerClaims')
      .values({ organizationId: org.id, offerId: offer.id, userId, claimedAt: now })
      .onConflict((oc) => oc.columns(['offerId', 'userId']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claim) throw unprocessable('already_claimed', 'You have already claimed this offer');

    let balance = points;
    if (offer.cost > 0) {
      const posted = await postPoints(trx, {
        organizationId: org.id,
        userId,
        amount: -offer.cost,
        kind: 'offer_claim',
        reference: offer.id,
        description: `Offer claimed: ${offer.title}`,
        onceKey: `offer:${offer.id}`,
      });
      if (!posted.applied) throw unprocessable('already_claimed', 'You have already claimed this offer');
      balance = posted.points;
    }

    let code: { id: string; code: string } | undefined;
    if (offer.redemption === 'codes') {
      code = await trx
        .selectFrom('offerCodes')
        .select(['id', 'code'])
        .where('offerId', '=', offer.id)
        .where('claimedAt', 'is', null)
        .orderBy('seq')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!code) throw outOfStock();
      await trx
        .updateTable('offerCodes')
        .set({ claimedBy: userId, claimedAt: now })
        .where('id', '=', code.id)
        .execute();
    }

    const counted = await trx
      .updateTable('offers')
      .set((eb) => ({ claimedCount: eb('claimedCount', '+', 1) }))
      .where('id', '=', offer.id)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('claimedCount', '<', eb.ref('stock'))]))
      .returning('claimedCount')
      .executeTakeFirst();
    if (!counted) throw outOfStock();

    await trx
      .updateTable('offerClaims')
      .set({ codeId: code?.id ?? null, pointsSpent: offer.cost })
      .where('id', '=', claim.id)
      .execute();
    return { code: code?.code ?? null, pointsSpent: offer.cost, points: balance };
  });
  const [offer] = await listOffersForFan(call, offerId);
  if (!offer) throw notFound('Offer');
  return { offer, ...outcome };
}
