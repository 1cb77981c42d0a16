import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage } from './support/browser.ts';
import { cookieSession, DEMO_FAN, journeyRig, signIn } from './support/journeys.ts';

/**
 * The fan session is held in cookies by @supabase/ssr's browser client (decision 029, product
 * §9.5): `sb-<host>-auth-token`, 400 days, path /, SameSite Lax, split into chunks of at most
 * 3,180 characters; a session kept in local storage by the earlier app moves into cookies on the
 * first load; signing out clears every chunk.
 */
const rig = journeyRig();
const KEY = 'sb-127-auth-token';
const DAY = 86_400;

async function authCookies(page: Page) {
  return (await page.context().cookies()).filter((c) => c.name.startsWith(KEY));
}

async function phonePage(): Promise<Page> {
  const page = await newPhonePage(rig.browser, rig.server.baseUrl);
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  return page;
}

/** A password session straight from /auth/v1 (what the earlier app kept in local storage). */
async function passwordSession() {
  const res = await fetch(`${rig.server.baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: rig.orgKey, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_FAN),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; user: { id: string } };
}

describe('the session lives in cookies', () => {
  it('a large session is split into chunks of at most 3,180 characters, 400 days, path /, SameSite Lax', async () => {
    // A big user_metadata (it is in the user and in the access token) makes the session longer
    // than one cookie may be, yet keeps the Cookie header under Node's 16 kB header limit.
    const session = await passwordSession();
    const note = 'pit-wall '.repeat(250);
    const put = await fetch(`${rig.server.baseUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: rig.orgKey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ data: { note } }),
    });
    expect(put.status).toBe(200);

    const page = await phonePage();
    const before = Date.now() / 1000;
    await signIn(page, DEMO_FAN);
    const cookies = await authCookies(page);
    const names = cookies.map((c) => c.name).sort();
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(names).toEqual(names.map((_, i) => `${KEY}.${i}`).sort());
    for (const c of cookies) {
      expect(c.value.length).toBeLessThanOrEqual(3180);
      expect([c.path, c.sameSite, c.httpOnly]).toEqual(['/', 'Lax', false]);
      expect(c.expires).toBeGreaterThan(before + 399 * DAY);
      expect(c.expires).toBeLessThan(before + 401 * DAY);
    }
    expect(cookies.find((c) => c.name === `${KEY}.0`)?.value.startsWith('base64-')).toBe(true);
    const held = await cookieSession(page);
    expect(held?.user.id).toBe(session.user.id);
    expect((held as unknown as { user: { user_metadata: { note: string } } }).user.user_metadata.note).toBe(
      note,
    );
    // Nothing of the session is left in local storage.
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();

    // A reload reads the session back from the cookies.
    await page.reload();
    await expect.poll(() => page.getByTestId('fan-name').textContent()).toBe('Hi, Alex');

    // Signing out clears every chunk.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await authCookies(page)).map((c) => c.name)).toEqual([]);
    await page.context().close();
  });

  it('a session kept in local storage by the earlier app moves into cookies on the first load', async () => {
    const session = await passwordSession();
    const page = await phonePage();
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k as string, v as string),
      [KEY, JSON.stringify(session)],
    );
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('fan-name').textContent()).toBe('Hi, Alex');
    await expect.poll(async () => (await cookieSession(page))?.user.id).toBe(session.user.id);
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
    // Signed in through the cookies alone from now on.
    await page.reload();
    await expect.poll(() => page.getByTestId('fan-name').textContent()).toBe('Hi, Alex');
    await page.context().close();
  });
});
