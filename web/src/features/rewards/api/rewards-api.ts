import type { WalletBadge } from '@paddock/contracts/api/badges';
import type { Boost } from '@paddock/contracts/api/boosts';
import type { CurrentOffer, Offer, OfferClaimResult } from '@paddock/contracts/api/offers';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Query keys of the rewards screens; `offers` is the prefix both offer queries share. */
export const rewardsKeys = {
  offers: queryKeys.offers,
  offerList: [...queryKeys.offers, 'list'] as const,
  currentOffer: [...queryKeys.offers, 'current'] as const,
  boosts: queryKeys.boosts,
  badges: ['user', 'me', 'badges'] as const,
};

/**
 * Product §4: the claimed flag follows the offer, so offers are re-read whenever the fan comes
 * back to the window (an operator may have edited the offer meanwhile) and after every claim.
 */
const offerFreshness = { staleTime: 15_000, refetchOnWindowFocus: 'always' } as const;

export const offersQueryOptions = queryOptions({
  queryKey: rewardsKeys.offerList,
  queryFn: () => api.get<Offer[]>('/offers'),
  ...offerFreshness,
});

export const currentOfferQueryOptions = queryOptions({
  queryKey: rewardsKeys.currentOffer,
  queryFn: () => api.get<CurrentOffer>('/offers/current').then((r) => r.offer),
  ...offerFreshness,
});

export const boostsQueryOptions = queryOptions({
  queryKey: rewardsKeys.boosts,
  queryFn: () => api.get<Boost[]>('/boosts'),
  refetchOnWindowFocus: true,
});

export const badgesQueryOptions = queryOptions({
  queryKey: rewardsKeys.badges,
  queryFn: () => api.get<WalletBadge[]>('/user/me/badges'),
});

export const claimOffer = (offerId: string) =>
  api.post<OfferClaimResult>(`/offers/${encodeURIComponent(offerId)}/claim`, {});
