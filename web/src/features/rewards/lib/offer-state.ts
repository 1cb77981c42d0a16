import type { LedgerRefusal } from '@paddock/contracts/api/ledger';
import type { Offer, OfferRefusal } from '@paddock/contracts/api/offers';
import { refusalKey } from '../../../lib/refusals.ts';
import type catalogue from '../i18n/en.json';

/**
 * What a fan can do with an offer right now (product §12.1), in the order the card checks it:
 * a claimed offer always shows its code; a rank-locked one shows the rank needed; then the
 * window, the stock and the fan's balance decide whether the claim button is offered.
 */
export type OfferState = 'claimed' | 'locked' | 'upcoming' | 'ended' | 'soldOut' | 'needPoints' | 'claimable';

export function offerState(offer: Offer, balance: number | null | undefined): OfferState {
  if (offer.offerClaimed) return 'claimed';
  if (offer.locked) return 'locked';
  if (offer.status === 'upcoming') return 'upcoming';
  if (offer.status === 'ended') return 'ended';
  if (offer.remaining === 0) return 'soldOut';
  if (typeof balance === 'number' && balance < offer.cost) return 'needPoints';
  return 'claimable';
}

/** Points still missing before the fan can afford the offer (0 when affordable). */
export function pointsShort(offer: Pick<Offer, 'cost'>, balance: number | null | undefined): number {
  return typeof balance === 'number' ? Math.max(0, offer.cost - balance) : 0;
}

type ClaimErrorKey = `claimErrors.${keyof (typeof catalogue)['claimErrors'] & string}`;

/** The claim refusals the server sends as 422 (product §8), each with its own sentence. */
const REFUSAL_KEYS = {
  insufficient_points: 'claimErrors.insufficient_points',
  out_of_stock: 'claimErrors.out_of_stock',
  already_claimed: 'claimErrors.already_claimed',
  not_eligible: 'claimErrors.not_eligible',
} as const satisfies Record<OfferRefusal | LedgerRefusal, ClaimErrorKey>;

const NOT_ELIGIBLE_KEYS = {
  window: 'claimErrors.not_eligible_window',
  age: 'claimErrors.not_eligible_age',
  rank: 'claimErrors.not_eligible_rank',
} as const satisfies Record<string, ClaimErrorKey>;

/**
 * The i18n key (namespace `rewards`) for a claim refusal; `not_eligible` is refined by the
 * server's `reason` (window, age, rank) when present. Unknown codes return null so the caller
 * falls back to the common catalogue.
 */
export function claimErrorKey(code: string, body: unknown): ClaimErrorKey | null {
  const key = refusalKey(REFUSAL_KEYS, code);
  if (!key) return null;
  if (code === 'not_eligible' && body && typeof body === 'object' && 'reason' in body) {
    const reason = refusalKey(NOT_ELIGIBLE_KEYS, String((body as { reason?: unknown }).reason));
    if (reason) return reason;
  }
  return key;
}

/** Offers for /benefits: claimable and claimed first, then the locked ones by the rank they need. */
export function sortOffers(offers: readonly Offer[], rankOrder: readonly string[]): Offer[] {
  const rankIndex = (o: Offer) => (o.requiredRank ? rankOrder.indexOf(o.requiredRank.code) : -1);
  return [...offers].sort((a, b) => {
    if (a.locked !== b.locked) return a.locked ? 1 : -1;
    if (a.locked && b.locked) return rankIndex(a) - rankIndex(b);
    return 0;
  });
}
