import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import { DEMO_FAN, journeyRig, LAPTOP, signIn } from './support/journeys.ts';

/**
 * What floats above the bottom navigation (decision 021): the "You won" card and the toasts. A
 * fan's first visit after a win shows both (product §10.6.10), and the toast used to cover the
 * card but for its edges. Screenshots go to test-artifacts/e2e (floating-*.png).
 */
const rig = journeyRig();

/** The draws' answer with the first draw won by the fan and not claimed yet. */
async function forceAWin(page: Page) {
  await page.route('**/api/sweepstake', async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { prize: string; userResult: unknown }[];
    const first = list[0];
    expect(first).toBeDefined();
    if (first)
      first.userResult = {
        won: true,
        position: 1,
        claimBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        claimedAt: null,
      };
    await route.fulfill({ response, json: list });
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectCardAndToastApart(page: Page, name: string) {
  await page.evaluate(() => localStorage.removeItem('paddock:wins-told'));
  await page.goto('/dashboard');
  // The demo fan has won a draw already, and this answer adds one: two cards, one toast at a time.
  const cards = page.getByTestId('win-card');
  const toast = page.locator('.toast-root').filter({ hasText: 'Open the sweepstake to claim your prize.' });
  await cards.first().waitFor();
  await toast.waitFor();
  await page.waitForTimeout(400); // the toast's entrance animation
  const boxes = async () => Promise.all((await cards.all()).map(async (c) => (await c.boundingBox()) as Box));
  const cardBoxes = await boxes();
  const toastBox = (await toast.boundingBox()) as Box;
  await screenshot(page, name);
  expect(cardBoxes.length).toBeGreaterThan(0);
  expect(toastBox).not.toBeNull();
  // All whole on screen, no card under the toast.
  const viewport = page.viewportSize() as { width: number; height: number };
  for (const box of [...cardBoxes, toastBox]) {
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }
  for (const cardBox of cardBoxes) {
    expect(
      overlap(cardBox, toastBox),
      `card ${JSON.stringify(cardBox)}, toast ${JSON.stringify(toastBox)}`,
    ).toBe(false);
  }
  // The toast goes (closed here rather than waiting its 5 s); the cards stay where they were.
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await toast.waitFor({ state: 'detached' });
  expect(await boxes()).toEqual(cardBoxes);
}

describe('the "You won" card and its toast', () => {
  it('shows both apart on a 390 px phone', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl);
    await forceAWin(page);
    await signIn(page, DEMO_FAN);
    await expectCardAndToastApart(page, 'floating-win-toast-390');
    await page.context().close();
  });

  it('shows both apart at 1366 px', async () => {
    const context = await rig.browser.newContext({ viewport: LAPTOP, baseURL: rig.server.baseUrl });
    const page = await context.newPage();
    await forceAWin(page);
    await signIn(page, DEMO_FAN);
    await expectCardAndToastApart(page, 'floating-win-toast-1366');
    await context.close();
  });
});
