import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage, screenshot, seriousA11yViolations } from './support/browser.ts';
import { DEMO_OPERATOR, drawInConsole, endedSweepstake, journeyRig, laptopPage } from './support/journeys.ts';

/**
 * The public draw-verification page (product §11.12) in real Chromium against the real server (PGlite,
 * demo seed): the operator draws a sweepstake in the console, then a signed-out visitor in a
 * fresh browser context opens /sweepstakes/{id}/verify and sees every check (recomputed in
 * that browser) pass and the same winners the console announced.
 */
const rig = journeyRig();

/** The sweepstake the first journey drew, so the second one checks the demo season's own draw. */
let lastDrawn = '';

const operatorApi = rig.as(DEMO_OPERATOR);

/** Reads the page's three checks as { seed, entries, winners } → true/false. */
async function checksOn(page: Page) {
  await page.getByTestId('verdict').waitFor();
  const result: Record<string, string | null> = {};
  for (const id of ['seed', 'entries', 'winners']) {
    result[id] = await page.getByTestId(`check-${id}`).getAttribute('data-pass');
  }
  return result;
}

describe('the public draw-verification page', () => {
  it('shows, signed out, every check passed and the winners the console announced', async () => {
    const id = await endedSweepstake(rig, {
      title: 'E2E verify pass',
      prize: 'A pit-lane tour',
      entries: 4,
      openMs: 6_000,
    });
    lastDrawn = id;

    // The operator draws in the console (laptop viewport, signed in).
    const console_ = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_OPERATOR);
    const panel = await drawInConsole(console_, 'E2E verify pass');
    const consoleWinners = await panel.getByRole('listitem').allTextContents();
    expect(consoleWinners).toHaveLength(1);
    // The console's verify link now opens the page, not the JSON.
    expect(await panel.getByRole('link', { name: 'Public verification' }).getAttribute('href')).toBe(
      `/sweepstakes/${id}/verify`,
    );
    await console_.context().close();

    // A stranger: fresh context, never signed in.
    const visitor = await newPhonePage(rig.browser, rig.server.baseUrl);
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    await visitor.goto(`/sweepstakes/${id}/verify`);
    expect(await checksOn(visitor)).toEqual({ seed: 'true', entries: 'true', winners: 'true' });
    expect(await visitor.getByTestId('verdict').getAttribute('data-verified')).toBe('true');
    expect(visitor.url()).toContain(`/sweepstakes/${id}/verify`);

    const published = await rig.visitor<{
      seedHash: string;
      seed: string;
      entriesHash: string;
      publishedWinners: string[];
    }>(`/sweepstake/${id}/verify`);
    expect((await visitor.getByTestId('seed-hash').textContent())?.trim()).toBe(published.body.seedHash);
    expect((await visitor.getByTestId('seed').textContent())?.trim()).toBe(published.body.seed);
    expect((await visitor.getByTestId('entries-hash').textContent())?.trim()).toBe(
      published.body.entriesHash,
    );
    const pageWinners = await visitor.getByTestId('winners').getByRole('listitem').allTextContents();
    expect(pageWinners).toHaveLength(1);
    // The console names the winner; the page shows the anonymised entrant: the same fan.
    const admin = await operatorApi<
      { sweepstakeId: string; winners: { displayName: string; entrant: string }[] }[]
    >('GET', '/admin/sweepstakes');
    const adminWinners = admin.body.find((s) => s.sweepstakeId === id)?.winners ?? [];
    // Each console row names the winner (and then their claim status).
    expect(adminWinners).toHaveLength(consoleWinners.length);
    for (const [i, w] of adminWinners.entries()) expect(consoleWinners[i]).toContain(w.displayName);
    expect(published.body.publishedWinners).toEqual(adminWinners.map((w) => w.entrant));
    expect(pageWinners[0]).toContain(adminWinners[0]?.entrant);
    const rows = visitor.getByTestId('entries').locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('td').last().textContent()).toBe('4');
    await screenshot(visitor, 'sweepstake-verify-page');
    await visitor.screenshot({ path: 'test-artifacts/e2e/sweepstake-verify-page-full.png', fullPage: true });
    expect(await seriousA11yViolations(visitor), 'axe on the verify page').toEqual([]);
    expect(errors).toEqual([]);
    await visitor.context().close();
  });

  it('verifies the demo season’s drawn sweepstake too, in Spanish', async () => {
    const list = await operatorApi<{ sweepstakeId: string; drawnAt: string | null }[]>(
      'GET',
      '/admin/sweepstakes',
    );
    const drawn = list.body.find((s) => s.drawnAt && s.sweepstakeId !== lastDrawn);
    expect(drawn, 'the demo seed has a drawn sweepstake').toBeDefined();
    const visitor = await newPhonePage(rig.browser, rig.server.baseUrl);
    await visitor.context().addCookies([{ name: 'paddock-locale', value: 'es', url: rig.server.baseUrl }]);
    await visitor.goto(`/sweepstakes/${drawn?.sweepstakeId}/verify`);
    expect(await checksOn(visitor)).toEqual({ seed: 'true', entries: 'true', winners: 'true' });
    expect(await visitor.getByTestId('entries').locator('tbody tr').count()).toBeGreaterThan(1);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Verificar el sorteo');
    await screenshot(visitor, 'sweepstake-verify-page-es');
    expect(await seriousA11yViolations(visitor), 'axe on the Spanish verify page').toEqual([]);
    await visitor.context().close();
  });
});
