import { RANK_CODES, type RankCode } from '@paddock/contracts';
import type { Database } from '../../db/engine.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import type { PostedAward } from '../ledger/ledger-hooks.ts';
import { organizationById } from '../organization/organization-service.ts';
import { findFan } from '../profile/fan-accounts.ts';
import { ageBlocked } from './offer-service.ts';
import { todayIn } from '../../platform/calendar.ts';

/**
 * `offer_unlocked` (decision 024): queued inside the award's transaction, sent only once it
 * commits (decision 023), carrying the offer id `GET /api/offers` reads back, never more.
 */

/** The fan's rank before and after an award that changed it (the organization's rank hook). */
export interface RankStep {
  before: RankCode | null;
  after: RankCode;
}

const meets = (rank: RankCode | null, required: RankCode) =>
  rank !== null && RANK_CODES.indexOf(rank) >= RANK_CODES.indexOf(required);

/**
 * `offer_unlocked {offerId}` on the fan's channel for every live offer whose `locked` flag the
 * award just turned off in `GET /api/offers`: the offer needs a rank the fan did not hold before
 * and holds now. Offers the fan cannot see (age-gated above their age, archived, not live at the
 * award's time) or has claimed are not announced. Runs only when the rank changed, so an
 * ordinary award costs no query here.
 */
export async function announceOfferUnlocks(trx: Database, award: PostedAward, step: RankStep) {
  const unlocked = RANK_CODES.filter((code) => !meets(step.before, code) && meets(step.after, code));
  if (unlocked.length === 0) return;
  const at = award.at ?? new Date();
  const offers = await trx
    .selectFrom('offers')
    .select(['id', 'minAge'])
    .where('organizationId', '=', award.organizationId)
    .where('archivedAt', 'is', null)
    .where('minRankCode', 'in', unlocked)
    .where('startsAt', '<=', at)
    .where('endsAt', '>', at)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('offerClaims')
            .select('id')
            .whereRef('offerClaims.offerId', '=', 'offers.id')
            .where('offerClaims.userId', '=', award.userId),
        ),
      ),
    )
    .orderBy('startsAt', 'desc')
    .orderBy('id')
    .execute();
  if (offers.length === 0) return;
  const fan = offers.some((o) => o.minAge !== null) ? await ageFacts(trx, award, at) : null;
  for (const offer of offers) {
    // The same age gate as the offers list: an offer the fan cannot see is not announced.
    if (offer.minAge !== null && (!fan || ageBlocked(offer, fan))) continue;
    publishAfterCommit(trx, {
      organizationId: award.organizationId,
      topic: `fan:${award.userId}`,
      event: 'offer_unlocked',
      payload: { offerId: offer.id },
    });
  }
}

/** The fan's birthday and the organization's calendar day at the award, for the age gate. */
async function ageFacts(trx: Database, award: PostedAward, at: Date) {
  const [user, org] = await Promise.all([
    findFan(trx, award.organizationId, award.userId),
    organizationById(trx, award.organizationId),
  ]);
  if (!user || !org) return null;
  return { birthday: user.birthday, today: todayIn(org.timeZone, at) };
}
