import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, screenshot, seriousA11yViolations } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** What the journeys share: the demo seed's accounts, signing in, axe, and API calls to arrange data. */
export interface Credentials {
  email: string;
  password: string;
}
export const DEMO_FAN: Credentials = { email: 'fan@paddock.demo', password: 'paddock-fan-2026' };
export const DEMO_OPERATOR: Credentials = {
  email: 'operator@paddock.demo',
  password: 'paddock-operator-2026',
};
/** The console is used on a laptop or tablet. */
export const LAPTOP = { width: 1366, height: 900 };

/**
 * One file's journeys run against the real server (a fresh PGlite with the demo seed) in
 * Chromium: both start before the file's own beforeAll hooks and stop after its tests. Read
 * the fields inside hooks and tests, once started.
 */
export function journeyRig(env: Record<string, string> = {}) {
  const rig = {
    /** The API as `credentials` (a fresh password session each call), to arrange data without the browser. */
    as:
      (credentials: Credentials) =>
      async <T>(method: string, path: string, body?: unknown) =>
        apiCall<T>(
          rig.server.baseUrl,
          rig.orgKey,
          await passwordToken(rig.server.baseUrl, rig.orgKey, credentials),
          method,
          path,
          body,
        ),
    /** The API as a signed-out visitor (the organization key only). */
    visitor: <T>(path: string) => apiCall<T>(rig.server.baseUrl, rig.orgKey, rig.orgKey, 'GET', path),
  } as {
    server: RunningServer;
    browser: Browser;
    orgKey: string;
    as: (
      credentials: Credentials,
    ) => <T>(method: string, path: string, body?: unknown) => Promise<ApiAnswer<T>>;
    visitor: <T>(path: string) => Promise<ApiAnswer<T>>;
  };
  beforeAll(async () => {
    rig.server = await startServer(env);
    rig.orgKey = await organizationKey(rig.server.baseUrl);
    rig.browser = await launchBrowser();
  });
  afterAll(async () => {
    await rig.browser?.close();
    await rig.server?.stop();
  });
  return rig;
}

/** Signs in on the landing page as a fan would, and waits for the dashboard. */
export async function signIn(page: Page, credentials: Credentials) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail or phone').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * The operator draws a sweepstake on the console (confirming in the app's own dialog, not
 * window.confirm) and waits for its winners; answers the sweepstake's panel.
 */
export async function drawInConsole(page: Page, title: string): Promise<Locator> {
  await page.goto('/admin/sweepstakes');
  const panel = page.locator('div.rounded-2xl').filter({ hasText: title });
  await panel.getByRole('button', { name: 'Draw winners' }).click();
  await page
    .getByRole('dialog', { name: 'Draw winners' })
    .getByRole('button', { name: 'Draw winners' })
    .click();
  await panel.getByRole('listitem').first().waitFor();
  return panel;
}

/** The console's fan page of `email`, found through the fan search, then an adjustment typed in. */
export async function adjustInConsole(page: Page, email: string, amount: number, reason: string) {
  await page.goto('/admin/fans');
  await page.getByLabel('Search').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: email }).getByRole('link').click();
  await page.waitForURL(/\/admin\/fans\/[0-9a-f-]{36}$/);
  await page.getByLabel('Amount').fill(String(amount));
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Adjust points' }).click();
}

/** A laptop-sized page signed in with `credentials` (the console's journeys). */
export async function laptopPage(browser: Browser, baseUrl: string, credentials: Credentials): Promise<Page> {
  const context = await browser.newContext({ viewport: LAPTOP, baseURL: baseUrl });
  const page = await context.newPage();
  await signIn(page, credentials);
  return page;
}

/**
 * A screenshot of the screen for people to look at, and no serious or critical axe violation
 * (product §13.8). `settleMs` lets entrance transitions finish so the picture shows what a fan sees.
 */
export async function expectAccessible(page: Page, name: string, settleMs = 350) {
  if (settleMs) await page.waitForTimeout(settleMs);
  await screenshot(page, name);
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
}

/**
 * Points that lift the fan a rank bring the level-up celebration, which fades in over the page a
 * moment after the award (when the fan's `me` is read again). A journey that checks the page
 * underneath closes it first: axe would otherwise read its half-faded text. Waits up to
 * `withinMs` for it to appear; answers whether it did.
 */
export async function closeLevelUpIfShown(page: Page, withinMs = 3000): Promise<boolean> {
  const celebration = page.getByRole('button', { name: "Let's go" });
  const shown = await celebration.waitFor({ timeout: withinMs }).then(
    () => true,
    () => false,
  );
  if (!shown) return false;
  await celebration.click();
  await celebration.waitFor({ state: 'detached' });
  return true;
}

/** The organization key the SPA reads from /config.json. */
export async function organizationKey(baseUrl: string): Promise<string> {
  return ((await (await fetch(`${baseUrl}/config.json`)).json()) as { organizationKey: string })
    .organizationKey;
}

/** A session token through the auth API (password grant), to arrange data without the browser. */
export async function passwordToken(
  baseUrl: string,
  orgKey: string,
  credentials: Credentials,
): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: orgKey, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** A JSON call to the product or operator API (/api…) with a bearer token and the organization header. */
export async function apiCall<T>(
  baseUrl: string,
  orgKey: string,
  bearer: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      'x-organization-token': orgKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * The session the page's auth client keeps in cookies (decision 029): `sb-<host>-auth-token`,
 * split into `.0`, `.1`… chunks when long, holding "base64-" + base64url(JSON).
 */
export async function cookieSession(
  page: Page,
): Promise<{ access_token: string; user: { id: string } } | null> {
  const cookies = (await page.context().cookies()).filter((c) => /^sb-.*-auth-token(\.\d+)?$/.test(c.name));
  if (cookies.length === 0) return null;
  const whole = cookies.find((c) => !/\.\d+$/.test(c.name));
  const value = whole
    ? whole.value
    : cookies
        .sort((a, b) => Number(a.name.split('.').pop()) - Number(b.name.split('.').pop()))
        .map((c) => c.value)
        .join('');
  const json = value.startsWith('base64-')
    ? Buffer.from(value.slice(7), 'base64url').toString('utf8')
    : value;
  return JSON.parse(json);
}

/** A product API GET with the page's own session (the same bearer the SPA sends). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const session = await cookieSession(page);
  return page.evaluate(
    async ({ p, token }) => {
      const config = (await (await fetch('/config.json')).json()) as {
        apiBaseUrl: string;
        organizationKey: string;
      };
      const res = await fetch(`${config.apiBaseUrl}${p}`, {
        headers: {
          authorization: `Bearer ${token ?? config.organizationKey}`,
          'x-organization-token': config.organizationKey,
        },
      });
      if (!res.ok) throw new Error(`GET ${p} → ${res.status}`);
      return res.json();
    },
    { p: path, token: session?.access_token ?? null },
  ) as Promise<T>;
}

/** A signed-in POST the way the app sends it; answers the status (for refusals the UI never offers). */
export async function apiPostStatus(page: Page, path: string, body: unknown): Promise<number> {
  const session = await cookieSession(page);
  return page.evaluate(
    async ({ p, b, token }) => {
      const config = (await (await fetch('/config.json')).json()) as {
        apiBaseUrl: string;
        organizationKey: string;
      };
      const res = await fetch(`${config.apiBaseUrl}${p}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token ?? config.organizationKey}`,
          'x-organization-token': config.organizationKey,
          'content-type': 'application/json',
        },
        body: JSON.stringify(b),
      });
      return res.status;
    },
    { p: path, b: body, token: session?.access_token ?? null },
  );
}

/**
 * A sweepstake that the demo fan enters `entries` times (the operator grants the points they
 * cost) and that has ended when this returns, ready to be drawn in the console.
 */
export async function endedSweepstake(
  rig: ReturnType<typeof journeyRig>,
  { title, prize, entries, openMs }: { title: string; prize: string; entries: number; openMs: number },
): Promise<string> {
  const operatorApi = rig.as(DEMO_OPERATOR);
  const fanApi = rig.as(DEMO_FAN);
  const now = Date.now();
  const created = await operatorApi<{ sweepstakeId: string }>('POST', '/admin/sweepstakes', {
    title,
    prize,
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + openMs).toISOString(),
    costPerEntry: 1,
  });
  expect(created.status).toBe(201);
  const id = created.body.sweepstakeId;
  // Each entry costs a point; give the fan enough whatever ran before.
  const me = await fanApi<{ userId: string }>('GET', '/user/me');
  await operatorApi('POST', `/admin/fans/${me.body.userId}/adjust-points`, {
    amount: entries,
    reason: `E2E entries: ${title}`,
  });
  const entry = await fanApi('POST', `/sweepstake/${id}/entry`, { count: entries });
  expect(entry, JSON.stringify(entry.body)).toMatchObject({ status: 200 });
  await new Promise((r) => setTimeout(r, Math.max(0, now + openMs + 1_000 - Date.now())));
  return id;
}
