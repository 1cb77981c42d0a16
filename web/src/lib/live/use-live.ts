import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { acquireLive, type LiveState, liveState, onLiveState } from './live-connection.ts';

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
