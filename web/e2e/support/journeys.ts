import type { Browser, Page } from 'playwright-core';
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
  const rig = {} as { server: RunningServer; browser: Browser; orgKey: string };
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

/** A laptop-sized page signed in with `credentials` (the console's journeys). */
export async function laptopPage(browser: Browser, baseUrl: string, credentials: Credentials): Promise<Page> {
  const context = await browser.newContext({ viewport: LAPTOP, baseURL: baseUrl });
  const page = await context.newPage();
  await signIn(page, credentials);
  return page;
}

/**
 * A screenshot of the screen for people to look at, and no serious or critical axe violation
 * (issue 4). `settleMs` lets entrance transitions finish so the picture shows what a fan sees.
 */
export async function expectAccessible(page: Page, name: string, settleMs = 350) {
  if (settleMs) await page.waitForTimeout(settleMs);
  await screenshot(page, name);
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
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

/** A JSON call to the product or operator API (/api…) with a bearer token and the organization header. */
export async function apiCall<T>(
  baseUrl: string,
  orgKey: string,
  bearer: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
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

/** A product API GET with the page's own session (the same bearer the SPA sends). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const config = (await (await fetch('/config.json')).json()) as {
      apiBaseUrl: string;
      organizationKey: string;
    };
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    const session = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    const res = await fetch(`${config.apiBaseUrl}${p}`, {
      headers: {
        authorization: `Bearer ${session.access_token ?? config.organizationKey}`,
        'x-organization-token': config.organizationKey,
      },
    });
    if (!res.ok) throw new Error(`GET ${p} → ${res.status}`);
    return res.json();
  }, path) as Promise<T>;
}
