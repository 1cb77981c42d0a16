import type { Challenge } from '@paddock/contracts/api/challenges';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useFirstScreenShown } from '../first-screen.ts';
import { queryKeys } from '../query-keys.ts';
import { acquireLive, type LiveState, liveState, onLiveState, watchResults } from './live-connection.ts';
import { showsResults, writeTally } from './results-tally.ts';

/**
 * Live updates for the screen that calls it (dashboard, challenges, sweepstakes): opens the
 * realtime connection while mounted — its code is downloaded only then — and refetches the
 * queries each event concerns. Returns the connection state for the live indicator. On the first
 * screen of a visit it waits until that screen is drawn: the realtime client (15 kB) and the
 * socket's join would otherwise share the slow link and the CPU with it (decision 021), and what
 * it keeps fresh has only just been fetched.
 */
export function useLive(): LiveState {
  const queryClient = useQueryClient();
  const shown = useFirstScreenShown();
  useEffect(
    () =>
      shown
        ? acquireLive({
            invalidate: (queryKey, refetch = true) =>
              void queryClient.invalidateQueries({ queryKey, refetchType: refetch ? 'active' : 'none' }),
            // The cached view of the challenge shows its results (product §10.2.1.6: null while hidden).
            showsResults: (challengeId) =>
              (queryClient.getQueryData<Challenge>(queryKeys.challenge(challengeId))?.totalResponses ??
                null) !== null,
          })
        : undefined,
    [shown, queryClient],
  );
  const current = useSyncExternalStore(onLiveState, liveState);
  // Until it may connect, the badge says it is on its way rather than down.
  return shown ? current : 'connecting';
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
