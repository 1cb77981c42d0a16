import type { Offer } from '@paddock/contracts/api/offers';

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

/** The claim refusals the server sends as 422 (product §8), each with its own sentence. */
export const CLAIM_ERROR_CODES = [
  'insufficient_points',
  'out_of_stock',
  'already_claimed',
  'not_eligible',
] as const;
export type ClaimErrorCode = (typeof CLAIM_ERROR_CODES)[number];

/**
 * The i18n key (namespace `rewards`) for a claim refusal; `not_eligible` is refined by the
 * server's `reason` (window, age, rank) when present. Unknown codes return null so the caller
 * falls back to the common catalogue.
 */
export function claimErrorKey(code: string, body: unknown): string | null {
  if (!(CLAIM_ERROR_CODES as readonly string[]).includes(code)) return null;
  if (code === 'not_eligible' && body && typeof body === 'object' && 'reason' in body) {
    const reason = (body as { reason?: unknown }).reason;
    if (reason === 'window' || reason === 'age' || reason === 'rank')
      return `claimErrors.not_eligible_${reason}`;
  }
  return `claimErrors.${code}`;
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
