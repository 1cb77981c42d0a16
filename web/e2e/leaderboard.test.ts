import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import {
  DEMO_FAN,
  DEMO_OPERATOR,
  expectAccessible,
  journeyRig,
  laptopPage,
  signIn,
} from './support/journeys.ts';

/**
 * Leaderboards (decision 025) in real Chromium against the real server with the demo seed: the
 * demo fan earns points, finds their position on the dashboard card and on /leaderboard (own row
 * highlighted, one tab per board), turns the profile setting off and becomes "Fan #…"; the
 * operator defines a race-weekend window and downloads the board as CSV. Screenshots at 390 px
 * (phone) and 1366 px (laptop), axe on each screen.
 */
const rig = journeyRig();
let page: Page;
let operatorPage: Page;

beforeAll(async () => {
  const call = rig.as(DEMO_OPERATOR);
  const search = await call<{ items: { userId: string; email: string | null }[] }>(
    'GET',
    `/admin/fans?q=${encodeURIComponent(DEMO_FAN.email)}`,
  );
  const fan = search.body.items.find((f) => f.email === DEMO_FAN.email);
  // An operator's positive adjustment restores earned points, so it counts on the boards.
  const res = await call('POST', `/admin/fans/${fan?.userId}/adjust-points`, {
    amount: 75,
    reason: 'Leaderboard journey',
  });
  expect(res.status).toBe(200);
  page = await newPhonePage(rig.browser, rig.server.baseUrl);
  await signIn(page, DEMO_FAN);
  operatorPage = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_OPERATOR);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const name = context.task.name.slice(0, 40).replace(/\W+/g, '-');
  await screenshot(page, `leaderboard-failed-${name}`);
  await screenshot(operatorPage, `leaderboard-failed-operator-${name}`);
});

describe('leaderboard: the fan', () => {
  it('shows the fan’s position on the dashboard card and their own row on /leaderboard', async () => {
    await page.goto('/dashboard');
    const card = page.getByTestId('position-card');
    // Demo fans earned points in the seed, so the demo fan is somewhere below the top.
    await expect
      .poll(() => card.textContent(), { timeout: 10_000 })
      .toMatch(/75 pts this season.*Season#\d+Week#\d+/);
    const seasonPlace = /Season#(\d+)/.exec((await card.textContent()) ?? '')?.[1];
    await card.click();
    await page.waitForURL('**/leaderboard');
    // With the demo crowd the fan is below the top 100: their row is "around you".
    const mine = page.locator('[data-me="true"]');
    await expect.poll(() => mine.textContent(), { timeout: 10_000 }).toContain('You');
    expect(await page.getByTestId('my-position').textContent()).toMatch(
      new RegExp(`You are #${seasonPlace} of \\d+`),
    );
    expect(await mine.textContent()).toContain(String(seasonPlace));
    await expectAccessible(page, 'leaderboard-season-390');

    await page.getByRole('tab', { name: 'Week', exact: true }).click();
    await expect.poll(() => page.url()).toContain('board=week');
    await expect.poll(() => mine.count()).toBe(1);
    await page.getByRole('tab', { name: 'Weekend' }).click();
    await expect.poll(() => page.getByText('No race weekend yet').count()).toBe(1);
    await page.getByRole('tab', { name: 'Friends' }).click();
    await expect.poll(() => mine.count()).toBe(1);
  });

  it('appears as "Fan #…" after turning the leaderboard setting off in the profile', async () => {
    await page.goto('/profile/edit');
    const toggle = page.getByLabel('Show me by name on the leaderboards');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    // Product §10.12: the profile form does not save with the required terms unticked.
    const terms = page.getByRole('checkbox', { name: /Terms and privacy policy/ });
    if (!(await terms.isChecked())) await terms.check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/profile');
    await page.goto('/leaderboard?board=season');
    const mine = page.locator('[data-me="true"]');
    await expect.poll(() => mine.textContent(), { timeout: 10_000 }).toMatch(/Fan #\d{6}/);
    await screenshot(page, 'leaderboard-anonymous-390');
  });
});

describe('leaderboard: the operator', () => {
  it('defines a race-weekend window and downloads the board as CSV', async () => {
    await operatorPage.goto('/admin/leaderboard');
    await expect
      .poll(() => operatorPage.getByTestId('board-summary').textContent(), { timeout: 10_000 })
      .toMatch(/fans/);
    await operatorPage.getByRole('button', { name: 'New window' }).click();
    await operatorPage.getByLabel('Name').fill('Journey GP');
    await operatorPage.getByRole('button', { name: 'Save' }).first().click();
    await expect.poll(() => operatorPage.getByRole('cell', { name: 'Journey GP' }).count()).toBe(1);
    await expectAccessible(operatorPage, 'leaderboard-console-1366');

    const download = operatorPage.waitForEvent('download');
    await operatorPage.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('leaderboard-season.csv');
    const stream = await file.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += chunk.toString();
    expect(csv.split('\r\n')[0]).toBe(
      '"position","user_id","username","email","points","reached_at","shown_by_name"',
    );
    expect(csv).toContain(DEMO_FAN.email);
  });

  it('shows the fan’s board at laptop width', async () => {
    const fanLaptop = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_FAN);
    await fanLaptop.goto('/leaderboard');
    await expect.poll(() => fanLaptop.locator('[data-me="true"]').count()).toBeGreaterThan(0);
    await expectAccessible(fanLaptop, 'leaderboard-season-1366');
  });
});
