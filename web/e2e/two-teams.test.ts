import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage, screenshot } from './support/browser.ts';
import { apiGet, DEMO_FAN, LAPTOP, signIn } from './support/journeys.ts';
import { freePort, type RunningServer, startServer } from './support/server.ts';

/**
 * Two teams on one server (decision 035): the demo team on red.localhost, a second team made
 * with `npm run admin -- create-org --operator-email` on blue.localhost (Chromium sends every
 * *.localhost to this machine). The invited operator chooses a password from the mailed link
 * and paints the team blue; each team's fan sees only their own team's name, colours and content.
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let port = 0;
let dataDir = '';
let invite = '';
const red = () => `http://red.localhost:${port}`;
const blue = () => `http://blue.localhost:${port}`;

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-e2e-teams-'));
  const env = {
    ORG_HOSTS: 'apex-racing=http://red.localhost:{port},blue-arrows=http://blue.localhost:{port}',
    SITE_URL: 'http://red.localhost:{port}',
  };
  // The first start seeds the demo team; the embedded database has one writer at a time, so
  // the CLI runs between two starts, as an operator of a small deployment would.
  const first = await startServer(env, { port, dataDir, keepData: true });
  await first.stop();
  const cli = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'server/src/cli/admin.ts'),
      'create-org',
      '--slug',
      'blue-arrows',
      '--name',
      'Blue Arrows',
      '--operator-email',
      'ops@blue-arrows.test',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ORG_HOSTS: env.ORG_HOSTS.replaceAll('{port}', String(port)),
        SITE_URL: red(),
      },
    },
  );
  invite = /(http:\/\/blue\.localhost:\d+\/\?token_hash=\S+)/.exec(cli.stdout)?.[1] ?? '';
  server = await startServer(env, { port, dataDir });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const brandPrimary = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim());

describe('two teams on one server', () => {
  it("the invited operator follows the link on the team's own site, chooses a password and paints the team blue", async () => {
    expect(invite).toMatch(/^http:\/\/blue\.localhost:\d+\/\?token_hash=[0-9a-f]+&type=recovery$/);
    const context = await browser.newContext({ viewport: LAPTOP, baseURL: blue() });
    const page = await context.newPage();
    await page.goto(invite);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('blue-pit-wall-2027');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password has been changed.', { exact: true }).waitFor();
    await page.goto('/admin/settings');
    const primary = page.getByLabel('Primary colour');
    await primary.waitFor();
    await primary.fill('#1e5bff');
    await page
      .locator('form')
      .filter({ has: primary })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await screenshot(page, 'two-teams-blue-console');
    await context.close();
    // The link is single use: opened again, it says so instead of signing anyone in.
    const again = await browser.newContext({ viewport: LAPTOP, baseURL: blue() });
    const used = await again.newPage();
    await used.goto(invite);
    await used
      .getByRole('alert')
      .getByText(/This link has expired or was already used/)
      .waitFor();
    expect(new URL(used.url()).search).toBe('');
    await again.close();
  });

  it("a fan on blue.localhost joins Blue Arrows: blue colours, the team's name, none of Apex Racing's content", async () => {
    const page = await newPhonePage(browser, blue());
    await page.goto('/');
    await page.getByRole('tab', { name: 'Join' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`blue-fan-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('grid-walk-2026!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/welcome');
    await page.getByLabel('First name').fill('Bea');
    await page.getByLabel('Last name').fill('Blue');
    await page.getByLabel('Username').fill(`bea_${Date.now().toString(36)}`);
    await page.getByLabel('Birthday').fill('1994-03-02');
    await page.getByRole('checkbox', { name: /Terms and privacy policy/ }).check();
    await page.getByRole('button', { name: "Let's race" }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.title()).toBe('Blue Arrows');
    expect(await brandPrimary(page)).toBe('#1e5bff');
    const team = await apiGet<{ slug: string; name: string }>(page, '/organization/current');
    expect(team).toMatchObject({ slug: 'blue-arrows', name: 'Blue Arrows' });
    const challenges = await apiGet<{ items: unknown[] }>(page, '/challenge');
    expect(challenges.items).toEqual([]);
    await screenshot(page, 'two-teams-blue-dashboard');
    await page.context().close();
  });

  it("the demo fan on red.localhost still sees Apex Racing: its red, its name and its season's challenges", async () => {
    const page = await newPhonePage(browser, red());
    await signIn(page, DEMO_FAN);
    await expect.poll(() => page.title()).toBe('Apex Racing');
    expect(await brandPrimary(page)).toBe('#e10600');
    const team = await apiGet<{ slug: string }>(page, '/organization/current');
    expect(team.slug).toBe('apex-racing');
    const challenges = await apiGet<{ items: unknown[] }>(page, '/challenge');
    expect(challenges.items.length).toBeGreaterThan(0);
    // The demo fan's account is Apex's: it does not exist on the blue team's site.
    const other = await newPhonePage(browser, blue());
    await other.goto('/?mode=signin');
    await other.getByRole('tab', { name: 'Sign in' }).click();
    await other.getByLabel('E-mail or phone').fill(DEMO_FAN.email);
    await other.getByLabel('Password').fill(DEMO_FAN.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByText("Those details don't match an account. Check them and try again.").waitFor();
    await screenshot(page, 'two-teams-red-dashboard');
    await page.context().close();
    await other.context().close();
  });
});
