import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './support/browser.ts';
import { DEMO_OPERATOR, laptopPage, journeyRig } from './support/journeys.ts';

/**
 * Product §11.2 (preview): on the challenge edit screen the operator sees the fan's view of what they
 * type, before saving — title, choices with their points, the top prize and the window.
 */
const rig = journeyRig();
let page: Page;

beforeAll(async () => {
  page = await laptopPage(rig.browser, rig.server.baseUrl, DEMO_OPERATOR);
});

describe('challenge preview in the console', () => {
  it('shows the typed title, options and points before saving, and nothing is saved', async () => {
    await page.goto('/admin/challenges/new');
    const preview = page.getByTestId('challenge-preview');
    await expect.poll(() => preview.isVisible()).toBe(true);
    await page.getByLabel('Title', { exact: true }).fill('Preview: who wins the sprint?');
    await page.getByLabel('Option 1').fill('Team papaya');
    await page.getByLabel('Option 2').fill('Team silver');
    await page.getByLabel('Points').nth(1).fill('40');

    await expect.poll(() => preview.getByRole('heading').textContent()).toBe('Preview: who wins the sprint?');
    const items = preview.getByRole('listitem');
    await expect.poll(() => items.allTextContents()).toEqual(['Team papaya+10 pts', 'Team silver+40 pts']);
    expect(await preview.textContent()).toContain('Up to 40 pts');
    expect(await page.getByTestId('challenge-preview-window').textContent()).toMatch(/^Open .+ – .+/);

    // Trivia: the fan sees the questions and answers, never which one is right.
    await page.getByLabel('Type').selectOption('trivia');
    await page.getByLabel('Question 1').fill('Who won the first race?');
    await expect.poll(() => preview.textContent()).toContain('Question 1 of 1: Who won the first race?');
    expect(await preview.textContent()).not.toContain('Correct');

    await screenshot(page, 'admin-challenge-preview');
    expect(await seriousA11yViolations(page), 'axe on the challenge editor').toEqual([]);
    // Previewing saved nothing: the URL is still the "new" form.
    expect(new URL(page.url()).pathname).toBe('/admin/challenges/new');
  });
});
