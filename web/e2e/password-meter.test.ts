import { describe, expect, it } from 'vitest';
import { newPhonePage } from './support/browser.ts';
import { journeyRig } from './support/journeys.ts';

/**
 * The sign-up form's strength meter (decision 030): zxcvbn-ts with the dictionary the server
 * refuses from, fetched only once the fan starts typing a new password.
 */
const rig = journeyRig();

describe('password strength meter', () => {
  it('loads on the first keystroke only and rates a common password very weak, a long one strong', async () => {
    const page = await newPhonePage(rig.browser, rig.server.baseUrl);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await page.getByRole('tab', { name: 'Join' }).click();
    const password = page.getByLabel('Password');
    await password.waitFor();
    const before = scripts.length;
    expect(scripts.some((u) => u.includes('password-strength'))).toBe(false);

    await password.fill('password1');
    const meter = page.getByTestId('password-strength');
    await expect.poll(() => meter.getAttribute('data-score')).toBe('0');
    await page.getByText('Password strength: very weak').waitFor();
    expect(scripts.slice(before).some((u) => u.includes('password-strength'))).toBe(true);

    await password.fill('gravel-trap-kerb-sausage-91');
    await expect.poll(async () => Number(await meter.getAttribute('data-score'))).toBeGreaterThanOrEqual(3);
    await password.fill('');
    await expect.poll(() => meter.count()).toBe(0);
    await page.context().close();
  });
});
