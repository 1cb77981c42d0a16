import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts/e2e');
/** Product §13.8: journeys run at a phone's viewport. */
export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium, headless; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export async function newPhonePage(
  browser: Browser,
  baseUrl: string,
  /** Another phone: its viewport, its browser's user agent. */
  phone: Pick<BrowserContextOptions, 'viewport' | 'userAgent'> = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: baseUrl,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    ...phone,
  });
  return context.newPage();
}

/** Saves a screenshot under test-artifacts/e2e for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** axe-core on the current screen: the serious and critical violations (product §13.8 allows none). */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
