import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { boostsQueryOptions } from '../features/rewards/api/rewards-api.ts';
import { meQueryOptions } from '../lib/user.ts';

/**
 * The data a signed-in fan's first screen paints from, asked for at boot alongside the route's
 * chunks instead of after the first render (decision 021). The access guard needs the fan before
 * any screen; the dashboard's boost line is its largest paint and sits above the cards, so
 * drawing it in the same frame as the rank card also spares the cards below a shift. The other
 * dashboard lists stay with their components: asked for at boot they compete for a slow
 * connection with what the first paint waits for. Settles (never rejects) when all have answered.
 */
export function prefetchFirstScreenData(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const asked = [queryClient.prefetchQuery(meQueryOptions)];
  // `/` sends a signed-in fan on to the dashboard (product §2).
  if (pathname === paths.dashboard || pathname === paths.home) {
    asked.push(queryClient.prefetchQuery(boostsQueryOptions));
  }
  return Promise.all(asked);
}

/** Longest wait for an idle moment once the first screen is there: a busy phone still gets on with it. */
const IDLE_TIMEOUT_MS = 2000;
/** Longest wait for the first contentful paint: a tab opened in the background paints nothing until shown. */
const PAINT_TIMEOUT_MS = 5000;

/** Resolves at the page's first contentful paint (at once where paint timing is not reported). */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, PAINT_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Resolves once the first screen has been drawn: its data has answered, the router has loaded the
 * route's chunks and finished any redirect (`/` → `/dashboard`), the page has painted its first
 * text (the skeletons before it have none; the landing page loads its own chunk inside the index
 * route), and the main thread has had an idle moment. What the first screen does not need waits for
 * this instead of sharing a slow connection and CPU with it (decision 021).
 */
export async function firstScreenShown(
  router: ReturnType<typeof createBrowserRouter>,
  data: Promise<unknown>,
): Promise<void> {
  await data;
  await new Promise<void>((resolve) => {
    const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (settled()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
  await firstContentfulPaint();
  await new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 200);
  });
}
