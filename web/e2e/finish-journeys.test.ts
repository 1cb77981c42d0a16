import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import {
  adjustInConsole,
  apiGet,
  DEMO_FAN,
  DEMO_OPERATOR,
  journeyRig,
  laptopPage,
  signIn,
} from './support/journeys.ts';

/**
 * The finishing fixes (decision 031) in real Chromium against the real server with the demo seed, with screenshots
 * at 390×844 (fan) and 1366×900 (console): the bottom bar on the profile's pages, a wrong keyword
 * as a miss whose toast leaves the back link free, the console's sidebar and chart labels, a
 * refused adjustment in operator words, readable audit rows, and a "Saved" toast off the title.
 */
const rig = journeyRig();

let fan: Page;
let operator: Page;

beforeAll(async () => {
  fan = await newPhonePage(rig.browser, rig.server.baseUrl);
  await signIn(fan, DEMO_FAN);
  operator = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_OPERATOR);
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('fan screens (phone)', () => {
  it('highlights PROFILE, not HOME, on the profile’s pages opened directly', async () => {
    const nav = fan.getByRole('navigation', { name: 'Main' });
    for (const page of ['/history', '/referral', '/downloads', '/about', '/benefits']) {
      await fan.goto(page);
      await expect
        .poll(() => nav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current'))
        .toBe('page');
      expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    }
    await fan.goto('/history');
    await fan.waitForTimeout(300);
    await screenshot(fan, 'finish-history-tab-phone');
  });

  it('titles a wrong keyword as a miss, and its toast leaves the back link free', async () => {
    const list = await apiGet<{ items: { challengeId: string; title: string }[] }>(fan, '/challenge');
    const keyword = list.items.find((c) => c.title === 'Track-day keyword');
    if (!keyword) throw new Error('no open keyword challenge in the demo seed');
    await fan.goto(`/challenges/keyword/${keyword.challengeId}`);
    await fan.getByLabel('The keyword').fill('Pit wall');
    await fan.getByRole('button', { name: 'Submit keyword' }).click();
    const toastTitle = fan.getByText('Not quite', { exact: true });
    await toastTitle.waitFor();
    expect(await fan.getByText("We couldn't save that").count()).toBe(0);
    const back = fan.getByRole('link', { name: 'Back to challenges' });
    const toast = fan.locator('li').filter({ has: toastTitle });
    expect(overlaps(await box(toast), await box(back))).toBe(false);
    await screenshot(fan, 'finish-wrong-keyword-phone');
  });
});

describe('console (laptop)', () => {
  it('keeps the sidebar full height and every chart label inside its chart', async () => {
    await operator.goto('/admin');
    await operator.getByRole('img', { name: 'Active fans per day' }).waitFor();
    await operator.waitForTimeout(500);
    await screenshot(operator, 'finish-admin-dashboard-laptop');
    await operator.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const sidebar = await box(operator.getByRole('navigation').first());
    expect(sidebar.y).toBeLessThanOrEqual(0.5);
    expect(sidebar.y + sidebar.height).toBeGreaterThanOrEqual(899);
    const cut = await operator.evaluate(() =>
      [...document.querySelectorAll('svg[role="img"]')].flatMap((svg) => {
        const frame = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')]
          .filter((text) => {
            const r = text.getBoundingClientRect();
            return (
              r.left < frame.left - 1 ||
              r.right > frame.right + 1 ||
              r.top < frame.top - 1 ||
              r.bottom > frame.bottom + 1
            );
          })
          .map((text) => text.textContent);
      }),
    );
    expect(cut).toEqual([]);
  });

  it('says a refused adjustment in operator words, and the audit log reads as a diff', async () => {
    await adjustInConsole(operator, DEMO_FAN.email, -100_000, 'E2E: too large a correction');
    const alert = operator.getByRole('alert').filter({ hasText: 'balance' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("The fan's balance is too low");
    expect(await alert.textContent()).not.toContain('Earn more');
    await screenshot(operator, 'finish-adjust-refused-laptop');

    await operator.goto('/admin/audit');
    await operator.getByRole('columnheader', { name: 'Changes' }).waitFor();
    await operator.getByRole('row').nth(1).waitFor();
    const table = (await operator.locator('table').textContent()) ?? '';
    expect(table).not.toContain('{"');
    // The seed's sweepstake creations list the values set, field by field.
    expect(table).toMatch(/title\s*Two grandstand seats at Spa/);
    await screenshot(operator, 'finish-audit-laptop');
  });

  it('shows the "Saved" toast away from the page title', async () => {
    await operator.goto('/admin/settings');
    const title = operator.getByRole('heading', { level: 1 });
    await title.waitFor();
    await operator.getByRole('button', { name: 'Save', exact: true }).first().click();
    const saved = operator.locator('li').filter({ has: operator.getByText('Saved', { exact: true }) });
    await saved.waitFor();
    expect(overlaps(await box(saved), await box(title))).toBe(false);
    await screenshot(operator, 'finish-saved-toast-laptop');
  });
});
