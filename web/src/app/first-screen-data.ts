import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths.ts';
import { boostsQueryOptions } from '../features/rewards/api/rewards-api.ts';
import { meQueryOptions } from '../lib/user.ts';

/**
 * The data a signed-in fan's first screen paints from, asked for at boot alongside the route's
 * chunks instead of after the first render (decision 021). The access guard needs the fan before
 * any screen; the dashboard's boost line is its largest paint and sits above the cards, so
 * drawing it in the same frame as the rank card also spares the cards below a shift. The other
 * dashboard lists stay with their components: asked for at boot they compete for a slow
 * connection with what the first paint waits for.
 */
export function prefetchFirstScreenData(queryClient: QueryClient, pathname: string) {
  void queryClient.prefetchQuery(meQueryOptions);
  // `/` sends a signed-in fan on to the dashboard (product §2).
  if (pathname === paths.dashboard || pathname === paths.home) {
    void queryClient.prefetchQuery(boostsQueryOptions);
  }
}
