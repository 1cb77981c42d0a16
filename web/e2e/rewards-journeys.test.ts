import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import {
  apiGet,
  DEMO_FAN,
  DEMO_OPERATOR,
  expectAccessible,
  signIn,
  laptopPage,
  journeyRig,
} from './support/journeys.ts';

/**
 * Product §12 in the fan app and the console, in real Chromium against the real server on PGlite
 * with the demo seed: the demo fan claims the dashboard offer, sees the code and the lowered
 * balance; the operator starts a boost in the console and the fan's dashboard counts it down;
 * /benefits shows a locked offer with the rank it needs and the claimed code again; the profile
 * shows the badge wallet; the operator sees the claim and the code pool on the offers screen and
 * the milestone rules on the badges screen. axe (0 serious/critical) and a screenshot of every screen.
 */
const rig = journeyRig();
let page: Page;
let operatorPage: Page;

interface OfferDto {
  offerId: string;
  title: string;
  cost: number;
  locked: boolean;
  offerClaimed: boolean;
  code: string | null;
  requiredRank: { code: string; name: string } | null;
}

/**
 * The demo fan starts the season with no points; the operator grants some the way a support
 * desk would (POST /api/admin/fans/{id}/adjust-points), so the claim below spends real points.
 */
async function operatorGrantsPoints(email: string, amount: number) {
  const call = rig.as(DEMO_OPERATOR);
  const search = await call<{ items: { userId: string; email: string | null }[] }>(
    'GET',
    `/admin/fans?q=${encodeURIComponent(email)}`,
  );
  const fan = search.body.items.find((f) => f.email === email);
  expect(fan, `${email} is found by the operator`).toBeDefined();
  const res = await call('POST', `/admin/fans/${fan?.userId}/adjust-points`, {
    amount,
    reason: 'Rewards journey: points to spend',
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  // 200: enough for the 150-point shop offer, still below P8 (300 lifetime) so the P8 offer stays locked.
  await operatorGrantsPoints(DEMO_FAN.email, 200);
  page = await newPhonePage(rig.browser, rig.server.baseUrl);
  await page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.server.baseUrl });
  await signIn(page, DEMO_FAN);
  operatorPage = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_OPERATOR);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  console.log(`failed at ${page.url()} (operator at ${operatorPage?.url()})`);
  const name = context.task.name.slice(0, 40).replace(/\W+/g, '-');
  await screenshot(page, `rewards-failed-${name}`);
  if (operatorPage) await screenshot(operatorPage, `rewards-failed-operator-${name}`);
});

const formatPoints = (n: number) => `${new Intl.NumberFormat('en').format(n)} pts`;

describe('rewards: the fan', () => {
  let claimedCode = '';

  it('claims the dashboard offer, sees the code and the lowered balance', async () => {
    const before = (await apiGet<{ points: number }>(page, '/user/me')).points;
    const { offer } = await apiGet<{ offer: OfferDto | null }>(page, '/offers/current');
    expect(offer, 'the demo seed has a current offer').not.toBeNull();
    expect(offer?.offerClaimed).toBe(false);
    expect(before, 'the demo fan can afford it').toBeGreaterThanOrEqual(offer?.cost ?? 0);

    await page.goto('/dashboard');
    const card = page.getByTestId('offer-card').filter({ hasText: offer?.title ?? '' });
    await card.waitFor();
    await expect.poll(() => page.getByTestId('offer-balance').textContent()).toContain(formatPoints(before));
    await card.getByRole('button', { name: `Claim for ${offer?.cost} pts` }).click();
    // Confirmed in the app's own dialog, with the cost and the balance after (product §13.5).
    const confirm = page.getByRole('dialog', { name: `Claim ${offer?.title}?` });
    await confirm.waitFor();
    expect(await confirm.getByTestId('balance-after').textContent()).toContain(
      formatPoints(before - (offer?.cost ?? 0)),
    );
    await confirm.getByRole('button', { name: /^Spend/ }).click();

    const code = card.getByTestId('offer-code');
    await code.waitFor();
    claimedCode = (await code.textContent())?.trim() ?? '';
    expect(claimedCode).toMatch(/^APEX15-[0-9A-F]{8}$/);
    const after = before - (offer?.cost ?? 0);
    await expect.poll(() => page.getByTestId('offer-balance').textContent()).toContain(formatPoints(after));
    expect((await apiGet<{ points: number }>(page, '/user/me')).points).toBe(after);

    // The claimed state is the server's, not only the screen's (product §3 offerClaimed).
    const list = await apiGet<OfferDto[]>(page, '/offers');
    expect(list.find((o) => o.offerId === offer?.offerId)).toMatchObject({
      offerClaimed: true,
      code: claimedCode,
    });

    await card.getByRole('button', { name: `Copy code ${claimedCode}` }).click();
    await card
      .getByRole('button', { name: `Copy code ${claimedCode}` })
      .getByText('Copied')
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(claimedCode);
    await expectAccessible(page, 'rewards-dashboard-claimed');

    // After a reload the dashboard moves on to the next offer: the claimed one is never offered twice.
    await page.reload();
    await page.getByTestId('offer-card').first().waitFor();
    expect(
      await page
        .getByTestId('offer-card')
        .filter({ hasText: offer?.title ?? '' })
        .count(),
    ).toBe(0);
  });

  it('shows the boost an operator starts in the console, with a countdown that ticks', async () => {
    // The demo has no organization-wide boost running: the operator starts a race-weekend one now.
    await operatorPage.goto('/admin/boosts');
    await operatorPage.getByRole('button', { name: 'New boost' }).click();
    await operatorPage.getByLabel('Name').fill('race-weekend boost');
    await operatorPage.getByLabel('Multiplier').fill('2');
    await operatorPage.getByRole('button', { name: 'Save' }).click();
    await operatorPage.getByRole('cell', { name: 'race-weekend boost' }).waitFor();
    await expectAccessible(operatorPage, 'rewards-admin-boosts');

    await page.goto('/dashboard');
    const banner = page.getByTestId('boost-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('×2 race-weekend boost');
    const countdown = banner.getByTestId('boost-countdown');
    const first = await countdown.textContent();
    expect(first).toMatch(/^2 days (23|2[0-3]):\d{2}:\d{2}$/);
    await expect.poll(() => countdown.textContent(), { timeout: 4000 }).not.toBe(first);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'rewards-dashboard-boost');
  });

  it('/benefits lists the offers: a locked one with the rank needed and the claimed code', async () => {
    const offers = await apiGet<OfferDto[]>(page, '/offers');
    const locked = offers.find((o) => o.locked);
    expect(locked, 'the demo seed has a rank-locked offer above the demo fan').toBeDefined();

    await page.goto('/benefits');
    const lockedCard = page.getByTestId('offer-card').filter({ hasText: locked?.title ?? '' });
    await lockedCard.waitFor();
    expect(await lockedCard.getAttribute('data-state')).toBe('locked');
    expect(await lockedCard.getByTestId('offer-locked').textContent()).toBe(
      `Reach ${locked?.requiredRank?.code} · ${locked?.requiredRank?.name} to unlock`,
    );
    expect(await lockedCard.getByRole('button').count()).toBe(0);

    const claimed = page.getByTestId('offer-card').filter({ has: page.getByTestId('offer-code') });
    expect(await claimed.getByTestId('offer-code').textContent()).toBe(claimedCode);
    await lockedCard.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'rewards-benefits-offers');
  });

  it('the profile shows the badge wallet with how and when each badge was earned', async () => {
    const badges = await apiGet<{ name: string; howText: string; earnedAt: string }[]>(
      page,
      '/user/me/badges',
    );
    expect(badges.length, 'the demo fan holds a badge').toBeGreaterThan(0);
    await page.goto('/profile');
    const wallet = page.getByTestId('badge-wallet');
    await wallet.getByRole('heading', { name: badges[0]?.name }).waitFor();
    const text = await wallet.textContent();
    expect(text).toContain(badges[0]?.howText);
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(
      new Date(badges[0]?.earnedAt ?? ''),
    );
    expect(text).toContain(when);
    await wallet.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'rewards-profile-badges');
  });
});

describe('rewards: the operator console', () => {
  let operatorPage: Page;

  beforeAll(async () => {
    const context = await rig.browser.newContext({
      viewport: { width: 1366, height: 900 },
      baseURL: rig.server.baseUrl,
    });
    operatorPage = await context.newPage();
    await signIn(operatorPage, DEMO_OPERATOR);
  });

  it("the offers screen shows the fan's claim, the code pool and the claims report", async () => {
    await operatorPage.goto('/admin/offers');
    await operatorPage.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();
    const panel = operatorPage.locator('div.rounded-2xl').filter({
      has: operatorPage.getByRole('heading', { name: '15% off in the team shop' }),
    });
    await panel.first().waitFor();
    const text = (await panel.first().textContent()) ?? '';
    expect(text).toContain('Claimed1');
    expect(text).toContain('39 / 40');
    await panel.first().getByRole('button', { name: 'Claims report (CSV)' }).waitFor();
    await expectAccessible(operatorPage, 'rewards-admin-offers');
  });

  it('the badges screen lists the badge definitions and the milestone rules', async () => {
    await operatorPage.getByRole('link', { name: 'Badges' }).click();
    await operatorPage.getByRole('heading', { name: 'Automatic milestone badges' }).waitFor();
    await operatorPage.getByRole('checkbox').first().waitFor();
    await expectAccessible(operatorPage, 'rewards-admin-badges');
  });

  it('creates an offer, imports its codes from CSV, and a fan claims one on /benefits', async () => {
    await operatorPage.getByRole('link', { name: 'Offers' }).click();
    await operatorPage.getByRole('button', { name: 'New offer' }).click();
    await operatorPage.getByLabel('Title').fill('Signed pit-lane photo');
    await operatorPage.getByLabel('Cost (points)').fill('0');
    await operatorPage.getByLabel('Offer text').fill('A photo from the pit lane, signed by both drivers.');
    await operatorPage.getByRole('button', { name: 'Save' }).click();
    const panel = operatorPage
      .locator('div.rounded-2xl')
      .filter({ has: operatorPage.getByRole('heading', { name: 'Signed pit-lane photo' }) })
      .first();
    await panel.waitFor();
    expect(await panel.textContent()).toContain('0 / 0');
    await panel.getByText('Import codes (CSV)').click();
    await panel.getByLabel('Or paste codes').fill('code\nPIT-0001\nPIT-0002\nPIT-0002\nPIT-0003');
    await panel.getByRole('button', { name: 'Import' }).click();
    const status = panel.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toContain('3 codes imported · 3 of 3 free.');
    expect(await status.textContent()).toContain('1 duplicate skipped: PIT-0002');
    await expect.poll(async () => (await panel.textContent()) ?? '').toContain('3 / 3');

    await page.goto('/benefits');
    const card = page.getByTestId('offer-card').filter({ hasText: 'Signed pit-lane photo' });
    await card.getByRole('button', { name: 'Claim for free' }).click();
    const code = card.getByTestId('offer-code');
    await code.waitFor();
    expect(await code.textContent()).toMatch(/^PIT-000[123]$/);
  });
});
