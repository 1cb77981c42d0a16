import type { Challenge } from '@paddock/contracts/api/challenges';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { acquireLive, type LiveState, liveState, onLiveState, watchResults } from './live-connection.ts';
import { showsResults, writeTally } from './results-tally.ts';

/**
 * Live updates for the screen that calls it (dashboard, challenges, sweepstakes): opens the
 * realtime connection while mounted — its code is downloaded only then — and refetches the
 * queries each event concerns. Returns the connection state for the live indicator.
 */
export function useLive(): LiveState {
  const queryClient = useQueryClient();
  useEffect(() => acquireLive((queryKey) => void queryClient.invalidateQueries({ queryKey })), [queryClient]);
  return useSyncExternalStore(onLiveState, liveState);
}

/**
 * While a challenge's screen shows its results, its live tallies are written into the cached
 * challenge and the cached lists (decision 024): the bars move without a refetch. Call it after
 * useLive, which holds the connection.
 */
export function useLiveResults(challenge: Challenge | undefined) {
  const queryClient = useQueryClient();
  const id = challenge && showsResults(challenge) ? challenge.challengeId : null;
  useEffect(() => {
    if (!id) return;
    return watchResults(id, (tally) => writeTally(queryClient, tally));
  }, [id, queryClient]);
}
