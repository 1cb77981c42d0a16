import { describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import { DEMO_FAN, journeyRig, signIn } from './support/journeys.ts';

/**
 * The signed-in dashboard's first load (decision 021, issue "first load"): what the first screen
 * shows (the fan, the boost line) is asked for at boot, and what sits below the fold on a phone —
 * the leaderboard positions, the current offer, the rewards carousel, the challenge and draw lists
 * — and the live socket wait until that screen has painted. They used to start with it, and the
 * work they brought (requests, their answers' render, the realtime client) made the phone's main
 * thread busy right after the first paint. Times are the page's own (resource timing and paint
 * timing share one clock), so a busy machine cannot reorder them.
 */
const rig = journeyRig();

const FIRST_SCREEN = ['/api/user/me', '/api/boosts'];
const BELOW_THE_FOLD = [
  '/api/leaderboard/season',
  '/api/leaderboard/week',
  '/api/offers/current',
  '/api/carousel',
  '/api/challenge',
  '/api/sweepstake',
];

describe('the dashboard on a fresh load', () => {
  it('paints the fan first, then asks for the cards below the fold and opens the live socket', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl);
    await signIn(page, DEMO_FAN);
    // When each WebSocket is opened, on the page's clock.
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      const opened: number[] = [];
      Object.assign(window, { socketsOpenedAt: opened });
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          opened.push(performance.now());
        }
      };
    });
    await page.goto('/dashboard');
    // Everything arrives in the end: the cards below the fold, and the live badge joined.
    await page.getByTestId('position-card').waitFor();
    await page.locator('#live-challenges').waitFor();
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    await screenshot(page, 'first-screen-dashboard-390');
    // A request's timing entry is written when its answer has arrived: wait for all of them.
    await page.waitForFunction(
      (paths) => {
        const seen = new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
        return paths.every((path) => seen.has(path));
      },
      [...FIRST_SCREEN, ...BELOW_THE_FOLD],
    );

    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      requests: performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'fetch')
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
      sockets: (window as unknown as { socketsOpenedAt: number[] }).socketsOpenedAt,
    }));
    expect(timing.fcp).not.toBeNull();
    const fcp = timing.fcp as number;
    const firstAsked = (path: string) => {
      const starts = timing.requests.filter((r) => r.path === path).map((r) => r.start);
      expect(starts.length, `${path} was asked for`).toBeGreaterThan(0);
      return Math.min(...starts);
    };
    for (const path of FIRST_SCREEN)
      expect(firstAsked(path), `${path} before the first paint`).toBeLessThan(fcp);
    for (const path of BELOW_THE_FOLD)
      expect(firstAsked(path), `${path} after the first paint (${fcp.toFixed(0)} ms)`).toBeGreaterThan(fcp);
    expect(timing.sockets.length).toBeGreaterThan(0);
    expect(Math.min(...timing.sockets)).toBeGreaterThan(fcp);
    await page.context().close();
  });
});
