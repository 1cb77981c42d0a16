import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage, PHONE, screenshot } from './support/browser.ts';
import { DEMO_FAN, expectAccessible, journeyRig, LAPTOP, laptopPage, signIn } from './support/journeys.ts';

/**
 * The fan app at a laptop's 1366×900 and a phone's 390×844 (decision 033): on a wide screen
 * the navigation is a side bar, the dashboard has two columns and the rewards carousel shows every
 * card whole; on a phone the same screens keep one column and the bottom bar. Screenshots of each
 * go to test-artifacts/e2e (layout-*.png) for people to look at.
 */
const rig = journeyRig();

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  expect(found, selector).not.toBeNull();
  return found as NonNullable<typeof found>;
}

/** Nothing sticks out sideways: a page that scrolls horizontally is cut off for a mouse user. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function dashboardSettled(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Rewards' }).waitFor();
  await page.locator('#live-challenges').waitFor();
  await page.waitForTimeout(400);
}

describe('wide screens get a real layout', () => {
  it('lays the landing page out side by side at 1366 px', async () => {
    const context = await rig.browser.newContext({ viewport: LAPTOP, baseURL: rig.server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    const hero = await box(page, 'main header');
    const panel = await box(page, 'main section[aria-label]');
    // The sign-in panel sits right of the hero, not below it.
    expect(panel.x).toBeGreaterThanOrEqual(hero.x + hero.width);
    expect(panel.y).toBeLessThan(hero.y + hero.height);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'layout-landing-1366');
    await context.close();
  });

  it('shows the dashboard with a side navigation and two columns at 1366 px, the carousel whole', async () => {
    const page = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_FAN);
    await dashboardSettled(page);

    const nav = await box(page, 'nav[aria-label="Main"]');
    expect(nav.x).toBe(0);
    expect(nav.width).toBeLessThan(300);
    expect(nav.height).toBeGreaterThanOrEqual(LAPTOP.height - 1);

    const main = await box(page, 'main');
    expect(main.x).toBeGreaterThanOrEqual(nav.width);
    expect(main.width).toBeGreaterThan(800);

    // Two columns: the rewards section starts beside the rank card, not under it.
    const rank = await box(page, '.rank-card');
    const rewards = await box(page, '#rewards');
    expect(rewards.x).toBeGreaterThan(rank.x + rank.width / 2);
    expect(rewards.y).toBeLessThan(rank.y + rank.height);

    // Every reward card lies whole inside its section: nothing hidden past the edge.
    const cards = await page.locator('#rewards li').evaluateAll((items) =>
      items.map((item) => {
        const r = item.getBoundingClientRect();
        const list = (item.parentElement as HTMLElement).getBoundingClientRect();
        return { left: r.left, right: r.right, listLeft: list.left, listRight: list.right };
      }),
    );
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) {
      expect(card.left).toBeGreaterThanOrEqual(card.listLeft - 1);
      expect(card.right).toBeLessThanOrEqual(card.listRight + 1);
    }
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'layout-dashboard-1366');

    // Another tab screen uses the wide area beside the side bar too.
    await page.getByRole('link', { name: 'Media' }).click();
    await page.waitForURL('**/media');
    await page.waitForTimeout(400);
    expect((await box(page, 'main')).width).toBeGreaterThan(800);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'layout-media-1366');
    await page.context().close();
  });

  it('keeps the live challenges in place at 1366 px when the rewards arrive after them', async () => {
    const page = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_FAN);
    // The rewards answer a second late, so the challenges are laid out before them.
    let answerRewards = () => {};
    const rewardsHeld = new Promise<void>((resolve) => {
      answerRewards = resolve;
    });
    await page.route('**/api/carousel', async (route) => {
      await rewardsHeld;
      await route.continue();
    });
    await page.goto('/dashboard');
    // The challenges have answered (their placeholders are gone).
    await page.waitForFunction(
      () =>
        document.querySelector('#live-challenges') &&
        !document.querySelector('#live-challenges .animate-pulse'),
    );
    await page.getByTestId('rewards-skeleton').waitFor();
    await page.waitForTimeout(300);
    const before = await box(page, '#live-challenges');
    answerRewards();
    await page.locator('#rewards li').first().waitFor();
    await page.waitForTimeout(400);
    const after = await box(page, '#live-challenges');
    await screenshot(page, 'layout-dashboard-rewards-arrived-1366');
    expect(
      Math.abs(after.y - before.y),
      `the challenges moved from ${before.y} to ${after.y}`,
    ).toBeLessThanOrEqual(1);
    // The page's layout shifts over the whole load, as the browser counts them (no input here).
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
              total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );
    expect(shift).toBeLessThan(0.01);
    await page.context().close();
  });

  it('keeps one column and the bottom bar on a 390 px phone', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl);
    await signIn(page, DEMO_FAN);
    await dashboardSettled(page);
    const nav = await box(page, 'nav[aria-label="Main"]');
    expect(nav.y + nav.height).toBeCloseTo(PHONE.height, 0);
    expect(nav.width).toBe(PHONE.width);
    const rank = await box(page, '.rank-card');
    const rewards = await box(page, '#rewards');
    expect(rewards.y).toBeGreaterThan(rank.y + rank.height);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'layout-dashboard-390');
    await page.context().close();
  });

  it('stays usable on a 320 px wide phone: nothing runs off the side of any main screen', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl, {
      viewport: { width: 320, height: 640 },
    });
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'layout-landing-320');
    await signIn(page, DEMO_FAN);
    for (const [path, name] of [
      ['/dashboard', 'dashboard'],
      ['/challenges/poll', 'challenges'],
      ['/media', 'media'],
      ['/sweepstakes', 'sweepstakes'],
      ['/profile', 'profile'],
      ['/history', 'history'],
    ] as const) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForTimeout(500);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      await screenshot(page, `layout-${name}-320`);
    }
    await page.context().close();
  });
});
