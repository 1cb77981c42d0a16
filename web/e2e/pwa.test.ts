import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage } from './support/browser.ts';
import { journeyRig } from './support/journeys.ts';

/**
 * The installable app (README "Installable app"): the manifest and its icons, the Workbox
 * service worker controlling the page, the shell opening offline, the install offer on Android
 * (beforeinstallprompt) and the add-to-home-screen hint on iOS Safari.
 */
const rig = journeyRig();

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('installable app', () => {
  it('the manifest names the app, opens standalone and lists PNG icons of 192 and 512 px', async () => {
    const res = await fetch(`${rig.server.baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Paddock', display: 'standalone', start_url: '/dashboard' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeDefined();
      const png = await fetch(`${rig.server.baseUrl}${icon!.src}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it('a service worker takes control and the app shell opens offline', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl);
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${rig.server.baseUrl}/`);
    // Once the worker controls the page, the shell, its chunks and the config come from caches.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();

    await page.context().setOffline(true);
    await page.goto('/sweepstakes');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(await page.title()).toBe('Paddock');
    await page.context().setOffline(false);
    await page.context().close();
  });

  it('Chromium finds the app installable (no installability errors)', async () => {
    // Chromium's own check, the one Lighthouse's installable-manifest audit read before
    // Lighthouse 12 dropped its PWA category. Not in an incognito context, which is never
    // installable, so a profile on disk.
    const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pwa-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      baseURL: rig.server.baseUrl,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      await page.reload();
      await page.getByRole('tab', { name: 'Sign in' }).waitFor();
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect([url, errors]).toEqual([`${rig.server.baseUrl}/manifest.webmanifest`, []]);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Android: the install offer appears on beforeinstallprompt and calls the browser’s prompt', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl);
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    // What Chrome fires once the installability criteria are met (a real one needs user engagement).
    // The offer is a lazy chunk loaded after the first paint (decision 021), so the event is sent
    // until it has a listener, as Chrome does once the service worker it registers is in place.
    const offer = page.getByTestId('install-app');
    await expect
      .poll(async () => {
        await page.evaluate(() => {
          const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
            prompt: () => Promise<void>;
            userChoice: Promise<{ outcome: string }>;
          };
          event.prompt = async () => {
            (window as unknown as { prompted: boolean }).prompted = true;
          };
          event.userChoice = Promise.resolve({ outcome: 'accepted' });
          window.dispatchEvent(event);
        });
        return offer.getByText('Install Paddock').count();
      })
      .toBe(1);
    await offer.getByRole('button', { name: 'Install' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
      .toBe(true);
    await expect.poll(() => offer.count()).toBe(0);
    await page.context().close();
  });

  it('iOS Safari: a hint explains Share → Add to Home Screen, and "Got it" is remembered', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl, { userAgent: IPHONE_UA });
    await page.goto('/');
    const hint = page.getByTestId('install-app');
    await hint.getByText('Tap the Share button, then “Add to Home Screen”.').waitFor();
    await hint.getByRole('button', { name: 'Got it' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await page.waitForTimeout(500);
    expect(await hint.count()).toBe(0);
    await page.context().close();
  });
});
