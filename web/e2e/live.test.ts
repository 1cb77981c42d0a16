import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import { apiGet, DEMO_FAN, DEMO_OPERATOR, journeyRig, signIn } from './support/journeys.ts';

/**
 * Live race day (decision 012) in real Chromium against the real server: two signed-in fans
 * (the demo fan and the demo operator, who is a fan too) in two browser contexts. One answers
 * the poll and the other's bars move without a reload; the operator settles the seeded pick'em
 * and the fan's open pick'em screen shows the payout. Nothing is mocked: the events go through
 * /realtime/v1 with the official client the SPA loads.
 */
const rig = journeyRig();
const fanApi = rig.as(DEMO_FAN);
const operatorApi = rig.as(DEMO_OPERATOR);
let fan: Page;
let other: Page;

beforeAll(async () => {
  fan = await newPhonePage(rig.browser, rig.server.baseUrl);
  other = await newPhonePage(rig.browser, rig.server.baseUrl);
  await signIn(fan, DEMO_FAN);
  await signIn(other, DEMO_OPERATOR);
});

const liveOn = (page: Page) => page.getByTestId('live-indicator').first().getAttribute('data-state');

describe('live screens', () => {
  it("one fan answers the poll; the other fan's bars move without a reload", async () => {
    const created = await operatorApi<{ challengeId: string }>('POST', '/admin/challenges', {
      subtype: 'poll',
      title: 'Live: which compound for the last stint?',
      description: '',
      visibleFrom: new Date(Date.now() - 60_000).toISOString(),
      options: [
        { text: 'Softs to the flag', points: 5 },
        { text: 'Mediums, play it safe', points: 5 },
      ],
    });
    expect(created.status).toBe(201);
    const id = created.body.challengeId;
    expect((await operatorApi('POST', `/challenge/${id}`, { responseIndex: 0 })).status).toBe(200);

    await other.goto(`/challenges/poll/${id}`);
    const results = other.getByRole('list', { name: /results/i });
    await results.waitFor();
    await expect.poll(() => liveOn(other), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => results.textContent()).toContain('100%');

    expect((await fanApi('POST', `/challenge/${id}`, { responseIndex: 1 })).status).toBe(200);
    await expect.poll(() => results.textContent(), { timeout: 5_000 }).toContain('50%');
    expect(await results.textContent()).not.toContain('100%');
    await screenshot(other, 'live-poll-bars-moved');
  });

  it("the operator settles the pick'em; the fan's open screen shows the payout", async () => {
    const { items } = await apiGet<{ items: { challengeId: string; title: string }[] }>(
      fan,
      '/challenge?subtype=pickem',
    );
    const pickem = items.find((c) => c.title === 'Who takes pole at Silverstone?');
    expect(pickem).toBeDefined();
    await fan.goto(`/challenges/pickem/${pickem?.challengeId}`);
    await fan.getByText('Prediction locked in. Waiting for the result…').waitFor();
    await expect.poll(() => liveOn(fan), { timeout: 10_000 }).toBe('live');

    const settled = await operatorApi('POST', `/admin/challenges/${pickem?.challengeId}/settle`, {
      outcomeIndex: 0,
    });
    expect(settled.status).toBe(200);
    await fan.getByText('You called it!').waitFor({ timeout: 5_000 });
    await expect.poll(async () => fan.getByText('Result: Marco Velti').isVisible()).toBe(true);
    await screenshot(fan, 'live-pickem-settled');
  });
});
