import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import {
  apiCall,
  apiGet,
  type Credentials,
  DEMO_FAN,
  DEMO_OPERATOR,
  expectAccessible as expectAccessibleAfter,
  organizationKey,
  passwordToken,
  journeyRig,
} from './support/journeys.ts';

/**
 * The fan web app's core journeys (product §13): sign-up → welcome → dashboard, the
 * demo fan's sign-in with the remembered path, the underage redirect, the 404 page, the locale
 * switch, the logged-off dashboard; axe on every core screen and a screenshot of each.
 */
// info level: the outbox (recovery links) is printed to the log, where the recovery journey reads it.
const rig = journeyRig({ LOG_LEVEL: 'info' });

const DEMO = DEMO_FAN;
const OPERATOR = DEMO_OPERATOR;
const PASSWORD = 'grid-walk-2026!';

/** A phone-sized page whose script errors show up in the test output. */
async function phonePage(): Promise<Page> {
  const page = await newPhonePage(rig.browser, rig.server.baseUrl);
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  page.on('response', (r) => {
    if (r.status() >= 400) {
      console.error('[response]', r.request().method(), r.url(), r.status());
    }
  });
  return page;
}

/** A session token through the auth API, for arranging data without the browser. */
const apiSignIn = (key: string, credentials: Credentials) =>
  passwordToken(rig.server.baseUrl, key, credentials);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const expectAccessible = (page: Page, name: string) => expectAccessibleAfter(page, name, 0);

async function signUp(page: Page, email: string, ref?: string) {
  await page.goto(ref ? `/?ref=${ref}` : '/');
  await page.getByRole('tab', { name: 'Join' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/welcome');
}

async function onboard(page: Page, fan: { first: string; last: string; username: string; birthday: string }) {
  await page.getByLabel('First name').fill(fan.first);
  await page.getByLabel('Last name').fill(fan.last);
  await page.getByLabel('Username').fill(fan.username);
  await page.getByLabel('Birthday').fill(fan.birthday);
  await page.getByRole('checkbox', { name: /Terms and privacy policy/ }).check();
  await page.getByRole('button', { name: "Let's race" }).click();
  await page.waitForURL('**/dashboard');
}

async function signIn(page: Page, credentials: { email: string; password: string }) {
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail or phone').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('fan web app core', () => {
  it('a new fan signs up on /, completes onboarding at /welcome and lands on /dashboard with their name', async () => {
    const page = await phonePage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Every lap counts' }).waitFor();
    await expectAccessible(page, 'core-landing');

    // Invited by the demo fan: their link is /?ref=CODE (GET /api/referral).
    const key = await organizationKey(rig.server.baseUrl);
    const demo = await apiSignIn(key, DEMO);
    const { body: referral } = await apiCall<{ code: string }>(
      rig.server.baseUrl,
      key,
      demo,
      'GET',
      '/referral',
    );

    const id = unique();
    await signUp(page, `new-${id}@example.com`, referral.code);
    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
    await expectAccessible(page, 'core-welcome');

    // The required consent is enforced before anything is sent.
    await page.getByLabel('First name').fill('Jamie');
    await page.getByRole('button', { name: "Let's race" }).click();
    await page.getByText('Please fill this in.').first().waitFor();
    expect(page.url()).toContain('/welcome');

    await onboard(page, { first: 'Jamie', last: 'Lopez', username: `jamie_${id}`, birthday: '1994-03-09' });
    // Just joined: welcomed, not "welcomed back".
    await page.getByText('Welcome to the team', { exact: true }).waitFor();
    expect(await page.getByText('Welcome back', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('fan-name').textContent()).toBe('Hi, Jamie');
    // Completing the profile paid the referral welcome bonus (product §10.8: 100 pts).
    await expect.poll(() => page.getByTestId('points').textContent()).toBe('100');
    // 100 lifetime points reach P9: the rank name changed on this refresh, so the level-up shows (product §4).
    const levelUp = page.getByRole('dialog', { name: 'Karting Kid' });
    await levelUp.waitFor();
    await levelUp.getByText('You moved up from Rookie to Karting Kid (P9).', { exact: false }).waitFor();
    await expectAccessible(page, 'core-level-up');
    await levelUp.getByRole('button', { name: "Let's go" }).click();
    await levelUp.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor();
    await expectAccessible(page, 'core-dashboard');

    // The bottom navigation reaches the profile; its sub-screens render and pass axe.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Jamie Lopez' }).waitFor();
    await expectAccessible(page, 'core-profile');

    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL('**/profile/edit');
    await expect.poll(() => page.getByLabel('Last name').inputValue()).toBe('Lopez');
    await expectAccessible(page, 'core-profile-edit');

    // Avatar upload with preview: POST /api/media (octet-stream) then /api/media/set-avatar on save.
    await page
      .locator('input[type="file"]')
      .setInputFiles(path.resolve(import.meta.dirname, '../public/icons/icon-192.png'));
    await page.getByText('New picture ready: save to use it.').waitFor();
    expect(
      await page.getByRole('button', { name: 'Change your picture' }).locator('img').getAttribute('src'),
    ).toMatch(/^blob:/);
    await page.getByLabel('ZIP / postcode').fill('SW1A 1AA');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('Profile saved', { exact: true }).waitFor();
    // The avatar comes with the signed, expiring URL the API gives (decision 028), and it opens.
    const avatar = page.locator('main img').first();
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/files\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);

    await page.goto('/history');
    await page.getByRole('heading', { name: 'Points history' }).waitFor();
    await expectAccessible(page, 'core-history');

    await page.goto('/referral');
    await page.getByTestId('referral-code').waitFor();
    await expectAccessible(page, 'core-referral');

    await page.goto('/about');
    await page.getByRole('heading', { name: 'About' }).waitFor();
    await expectAccessible(page, 'core-about');

    // /menu redirects to /profile, and sign-out lands on / with the session gone.
    await page.goto('/menu');
    await page.waitForURL('**/profile');
    // One clean sign-out (product §13.5): a single logout call, answered 204, and no refusal.
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
      return key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
    });
    const calls: string[] = [];
    page.on('response', (r) => {
      if (/\/auth\/v1\/logout|\/api\/session/.test(r.url()))
        calls.push(`${r.request().method()} ${r.status()}`);
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(calls).toEqual(['POST 204']);
    // The session really ended on the server: the old access token is refused.
    const after = await fetch(`${rig.server.baseUrl}/api/user/me`, {
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization-token': await organizationKey(rig.server.baseUrl),
      },
    });
    expect(after.status).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('the demo fan signs in and is taken back to the page they wanted before signing in', async () => {
    const page = await phonePage();
    await page.goto('/history');
    await page.waitForURL((url) => url.pathname === '/');
    // The wanted path survives a reload (product §2: persisted).
    await page.reload();
    await signIn(page, DEMO);
    await page.waitForURL('**/history');
    await page.getByRole('heading', { name: 'Points history' }).waitFor();

    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('fan-name').textContent()).toBe('Hi, Alex');

    // Daily check-in: a toast says what was paid, the points and the streak update, the ledger shows it.
    const before = Number((await page.getByTestId('points').textContent())?.replace(/\D/g, ''));
    const checkIn = page.getByRole('button', { name: /^Check in for \+\d+ pts$/ });
    const reward = Number((await checkIn.textContent())?.replace(/\D/g, ''));
    await checkIn.click();
    await page.getByText(`+${reward} pts for checking in`, { exact: true }).waitFor();
    await expect
      .poll(async () => Number((await page.getByTestId('points').textContent())?.replace(/\D/g, '')))
      .toBe(before + reward);
    await expect.poll(() => page.getByTestId('streak').textContent()).toBe('1-day streak');
    await page.getByText(/Done today/).waitFor();
    await screenshot(page, 'core-dashboard-checked-in');
    // The toast closes with Escape after F8 moves focus into the region (product §9).
    await page.keyboard.press('F8');
    await page.keyboard.press('Escape');
    await page.getByText(`+${reward} pts for checking in`, { exact: true }).waitFor({ state: 'hidden' });
    await page.goto('/history');
    await page.getByTestId('history').getByText(`+${reward}`).waitFor();

    // Comfortable on desktop too: the same centred column.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor();
    await screenshot(page, 'core-dashboard-desktop');
    // A signed-in fan on the public index goes to /dashboard.
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('a fan who forgot the password gets a link, chooses a new one and signs in with it', async () => {
    const page = await phonePage();
    const email = `forgetful-${unique()}@example.com`;
    await signUp(page, email);
    await page.getByRole('button', { name: "Let's race" }).waitFor();
    // Signed out on this device: the session lives in cookies (decision 029).
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/?mode=signin');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${email}, a reset link is on its way.`).waitFor();

    let link: string | undefined;
    await expect
      .poll(() => {
        const lines = rig.server
          .output()
          .split('\n')
          .filter((l) => l.includes(email) && l.includes('Reset your password'));
        link = /Or follow this link: (\S+?)(\\n|"|\s)/.exec(lines.at(-1) ?? '')?.[1];
        return link;
      })
      .toBeTruthy();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'core-new-password');
    await page.getByLabel('New password', { exact: true }).fill('new-pit-stop-2027');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password has been changed.', { exact: true }).waitFor();
    // Recovery signed the fan in; with the profile incomplete the guard takes them to /welcome.
    await page.waitForURL('**/welcome');

    // Signed out on this device: the session lives in cookies (decision 029).
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/?mode=signin');
    await signIn(page, { email, password: 'new-pit-stop-2027' });
    await page.waitForURL('**/welcome');
    await page.context().close();
  });

  it('an underage fan (birthday under 18 years ago, given at /welcome) is sent from /benefits to /dashboard', async () => {
    const page = await phonePage();
    const id = unique();
    await signUp(page, `young-${id}@example.com`);
    const twelveYearsAgo = new Date();
    twelveYearsAgo.setFullYear(twelveYearsAgo.getFullYear() - 12);
    // The welcome form says what an under-18 birthday means before the fan saves (product §10.14).
    await page.getByLabel('Birthday').fill(twelveYearsAgo.toISOString().slice(0, 10));
    await page.getByText(/Under 18\? Welcome aboard/).waitFor();
    await onboard(page, {
      first: 'Kim',
      last: 'Young',
      username: `kim_${id}`,
      birthday: twelveYearsAgo.toISOString().slice(0, 10),
    });
    // No link into pages that would bounce: the offer card's "All offers" and the rank's benefits link.
    await page.getByTestId('points').waitFor();
    expect(await page.locator('a[href="/benefits"]').count()).toBe(0);
    // A sweepstake shows its controls disabled, with the reason, before the fan taps anything.
    const list = await apiGet<{ sweepstakeId: string; status: string }[]>(page, '/sweepstake');
    const live = list.find((s) => s.status === 'live');
    if (!live) throw new Error('no live sweepstake in the demo seed');
    await page.goto(`/sweepstakes/${live.sweepstakeId}`);
    await page.getByText(/Sweepstakes are for fans aged 18 and over/).waitFor();
    expect(await page.getByRole('button', { name: /^Enter with/ }).isDisabled()).toBe(true);
    const free = page.getByRole('button', { name: 'Use my free entry' });
    if ((await free.count()) > 0) expect(await free.isDisabled()).toBe(true);
    await expectAccessible(page, 'core-underage-sweepstake');
    await page.goto('/benefits');
    await page.waitForURL('**/dashboard');
    await page.goto('/welcome');
    await page.waitForURL('**/dashboard');
    await page.goto('/profile/edit');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('an unknown route shows the 404 page, whose button goes back home', async () => {
    const page = await phonePage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Sorry, this page cannot be found' }).waitFor();
    expect(await page.getByTestId('error-status').textContent()).toBe('404');
    await page.getByText('Page Not Found: /no-such-page').waitFor();
    await expectAccessible(page, 'core-not-found');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('the locale switch shows Spanish and keeps it after a reload', async () => {
    const page = await phonePage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Every lap counts' }).waitFor();
    await page.getByTestId('locale-switch').selectOption('es');
    await page.getByRole('heading', { name: 'Cada vuelta cuenta' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Cada vuelta cuenta' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'paddock-locale');
    expect(cookie?.value).toBe('es');
    // Product §9: kept 365 days.
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    await screenshot(page, 'core-landing-es');
    await page.context().close();
  });

  it('with the logged-off dashboard on, a visitor sees prize draws and challenges on /', async () => {
    // The demo organization has the setting off; the operator turns it on through the admin API.
    const key = await organizationKey(rig.server.baseUrl);
    const token = await apiSignIn(key, OPERATOR);
    const patched = await apiCall(rig.server.baseUrl, key, token, 'PATCH', '/admin/organization', {
      loggedOffDashboard: true,
    });
    expect(patched.status).toBe(200);

    const page = await phonePage();
    await page.goto('/');
    await page.getByTestId('logged-off-dashboard').waitFor();
    await page.getByRole('heading', { name: 'Prize draws' }).waitFor();
    await page.getByRole('heading', { name: 'Live challenges' }).waitFor();
    await page.getByTestId('logged-off-dashboard').scrollIntoViewIfNeeded();
    await expectAccessible(page, 'core-logged-off-dashboard');

    // In this mode a signed-in fan is kept on / (product §2), which shows their own dashboard.
    await signIn(page, DEMO);
    await expect.poll(() => page.getByTestId('fan-name').textContent()).toBe('Hi, Alex');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
