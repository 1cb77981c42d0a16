import type { Offer, OfferClaimResult } from '@paddock/contracts/api/offers';
import type { User } from '@paddock/contracts/api/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/api-errors.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../ui/toast-store.ts';
import { claimErrorKey } from '../lib/offer-state.ts';
import { claimOffer, rewardsKeys } from './rewards-api.ts';

/** A claim refusal in clear words (product §8: 422 → destructive toast). */
export function reportClaimError(error: unknown) {
  const key = error instanceof ApiError ? claimErrorKey(error.code, error.body) : null;
  if (!key) {
    toastError(error);
    return;
  }
  const body = (error as ApiError).body as { requiredRank?: { name?: string; code?: string } } | null;
  toast({
    title: i18next.t('claimErrors.title', { ns: 'rewards' }),
    description: i18next.t(key, {
      ns: 'rewards',
      rank: body?.requiredRank?.name ?? body?.requiredRank?.code ?? '',
    }),
    variant: 'destructive',
  });
}

/** The offer as the claim left it: claimed, with the code handed out. */
export const claimedOffer = (result: OfferClaimResult): Offer => ({
  ...result.offer,
  offerClaimed: true,
  code: result.code ?? result.offer.code,
});

/**
 * POST /api/offers/{id}/claim. On success the claimed offer replaces the cached one at once
 * (so the code shows without a round trip), the balance drops to the server's figure, and the
 * offers, the user and the history are re-read. Never retried: a claim spends points.
 */
export function useClaimOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimOffer,
    retry: false,
    meta: { silent: true },
    onSuccess: (result: OfferClaimResult) => {
      const claimed = claimedOffer(result);
      queryClient.setQueryData<Offer | null>(rewardsKeys.currentOffer, (old) =>
        old && old.offerId === claimed.offerId ? claimed : old,
      );
      queryClient.setQueryData<Offer[]>(rewardsKeys.offerList, (old) =>
        old?.map((o) => (o.offerId === claimed.offerId ? claimed : o)),
      );
      queryClient.setQueryData<User | null>(queryKeys.me, (old) =>
        old ? { ...old, points: result.points } : old,
      );
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.offers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      toast({
        title: i18next.t('claim.done', { ns: 'rewards' }),
        description: i18next.t('claim.balance', {
          ns: 'rewards',
          points: new Intl.NumberFormat(i18next.language).format(result.points),
        }),
      });
    },
    onError: (error) => {
      reportClaimError(error);
      // The refusal may mean the offer changed (sold out, claimed elsewhere): re-read it.
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.offers });
    },
  });
}
