import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiGet, DEMO_FAN, journeyRig, LAPTOP } from './support/journeys.ts';

/**
 * A fan who uses only the keyboard (product §13.8, WCAG 2.1.1 and 2.4.7): every step is reached
 * with Tab and done with Enter, Space or the arrow keys, and the element that has the focus is
 * visibly marked at every step. Moving between screens by address is allowed (typing a URL is
 * keyboard input); on a screen, nothing is clicked.
 */
const rig = journeyRig();
let page: Page;

interface ChallengeDto {
  challengeId: string;
  title: string;
  expired: boolean;
  userResponse: unknown;
  questions: { questionId: string }[];
}

interface Focused {
  name: string;
  tag: string;
  role: string | null;
  visible: boolean;
}

/** What has the focus, its accessible-ish name, and whether a focus indicator is drawn for it. */
function focused(target: Page): Promise<Focused> {
  return target.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', tag: 'body', role: null, visible: false };
    const labelled = el.getAttribute('aria-label');
    const labels = (el as HTMLInputElement).labels;
    const name = (labelled ?? labels?.[0]?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    // An outline or a ring on the element, or on the label that wraps it (the option cards).
    const marked = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const visible = el.matches(':focus-visible') && (marked(el) || marked(el.closest('label')));
    return { name, tag: el.tagName.toLowerCase(), role: el.getAttribute('role'), visible };
  });
}

/** Presses Tab until the focus lands on what `matches`, checking the focus is visible there. */
async function tabTo(target: Page, what: string, matches: (f: Focused) => boolean, max = 60) {
  for (let i = 0; i < max; i++) {
    await target.keyboard.press('Tab');
    const now = await focused(target);
    if (matches(now)) {
      expect(now.visible, `the focus is visible on ${what}`).toBe(true);
      return now;
    }
  }
  throw new Error(`Tab never reached ${what}`);
}

const named = (pattern: RegExp) => (f: Focused) => pattern.test(f.name);

beforeAll(async () => {
  const context = await rig.browser.newContext({ viewport: LAPTOP, baseURL: rig.server.baseUrl });
  page = await context.newPage();
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  console.log(`failed at ${page.url()} with the focus on ${JSON.stringify(await focused(page))}`);
  await screenshot(page, `keyboard-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

describe('a keyboard-only fan', () => {
  it('signs in', async () => {
    await page.goto('/');
    // The landing page renders after its configuration and catalogues load: tab only once it is there.
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await tabTo(page, 'the Sign in tab', (f) => f.role === 'tab' && f.name === 'Sign in');
    await page.keyboard.press('Enter');
    await tabTo(page, 'the e-mail field', (f) => f.tag === 'input' && /E-mail or phone/.test(f.name));
    await page.keyboard.type(DEMO_FAN.email);
    await tabTo(page, 'the password field', (f) => f.tag === 'input' && /Password/.test(f.name));
    await page.keyboard.type(DEMO_FAN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
  });

  it('checks in from the dashboard', async () => {
    await page.getByTestId('streak').waitFor();
    await tabTo(page, 'the check-in button', named(/^Check in for/));
    await screenshot(page, 'keyboard-checkin-focus');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('streak').textContent()).toBe('1-day streak');
  });

  it('answers a poll', async () => {
    const { items } = await apiGet<{ items: ChallengeDto[] }>(page, '/challenge?subtype=poll');
    const poll = items.find((c) => !c.expired && c.userResponse == null);
    if (!poll) throw new Error('no open poll in the demo seed');
    await page.goto(`/challenges/poll/${poll.challengeId}`);
    await page.getByRole('heading', { name: poll.title }).waitFor();
    await tabTo(page, 'the first option', (f) => f.tag === 'input');
    // Arrow keys move between the options of a radio group; Space chooses.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await screenshot(page, 'keyboard-poll-focus');
    await tabTo(page, 'the Vote button', named(/^Vote$/));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Results' }).waitFor();
  });

  it('plays a trivia quiz to its score', async () => {
    const { items } = await apiGet<{ items: ChallengeDto[] }>(page, '/challenge?subtype=trivia');
    const trivia = items.find((c) => !c.expired && c.userResponse == null && c.questions.length > 0);
    if (!trivia) throw new Error('no open trivia in the demo seed');
    await page.goto(`/challenges/trivia/${trivia.challengeId}`);
    const total = trivia.questions.length;
    // Product §10.2.5: no verdict until the last answer; each answer moves on to the next question.
    for (let i = 0; i < total; i++) {
      await page.getByText(`Question ${i + 1} of ${total}`).waitFor();
      await tabTo(page, `an option of question ${i + 1}`, (f) => f.tag === 'input');
      await page.keyboard.press('Space');
      await tabTo(page, 'the Answer button', named(/^Answer$/));
      await page.keyboard.press('Enter');
    }
    await page.getByText(new RegExp(`\\d+ / ${total} right`)).waitFor();
  });

  it('enters a prize draw with the free entry', async () => {
    const list = await apiGet<{ sweepstakeId: string; title: string; status: string }[]>(page, '/sweepstake');
    const live = list.find((s) => s.status === 'live');
    if (!live) throw new Error('no live sweepstake in the demo seed');
    await page.goto(`/sweepstakes/${live.sweepstakeId}`);
    await page.getByRole('heading', { name: live.title }).waitFor();
    await tabTo(page, 'the free entry button', named(/^Use my free entry$/));
    await screenshot(page, 'keyboard-sweepstake-focus');
    await page.keyboard.press('Enter');
    // The app may ask to confirm an entry in its own dialog; the keyboard confirms it too.
    const confirm = page.getByRole('dialog');
    if (await confirm.isVisible().catch(() => false)) {
      await tabTo(page, 'the dialog confirmation', (f) => f.tag === 'button' && !/cancel/i.test(f.name));
      await page.keyboard.press('Enter');
    }
    await page
      .getByText(/Your free entry is in|You've used your free entry/)
      .first()
      .waitFor();
  });

  it('opens a story and leaves it with the keyboard', async () => {
    const { stories } = await apiGet<{
      stories: { id: string; title: string; chapters: { id: string }[] }[];
    }>(page, '/content/stories');
    const story = stories.find((s) => s.chapters.length > 0);
    if (!story) throw new Error('no story in the demo seed');
    await page.goto('/dashboard');
    await tabTo(page, `the story "${story.title}"`, (f) => f.name.includes(story.title));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: story.title }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.pathname.startsWith('/stories/'));
  });

  it('turns on untimed mode in the profile and plays the arcade without the start lights', async () => {
    await page.goto('/profile/edit');
    await tabTo(
      page,
      'the untimed mode switch',
      (f) => f.tag === 'input' && /^Untimed mode/.test(f.name),
      80,
    );
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await apiGet<{ untimedMode: boolean }>(page, '/user/me')).untimedMode)
      .toBe(true);

    const { items } = await apiGet<{ items: ChallengeDto[] }>(page, '/challenge?subtype=arcade');
    const arcade = items.find((c) => !c.expired && c.userResponse == null);
    if (!arcade) throw new Error('no open arcade challenge in the demo seed');
    await page.goto(`/challenges/arcade/${arcade.challengeId}`);
    await page.getByRole('heading', { name: arcade.title }).waitFor();
    await tabTo(page, 'the untimed play button', named(/^Play without the clock$/));
    await screenshot(page, 'keyboard-untimed-arcade');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const c = await apiGet<{ userResponse: { status: string; score: number } | null }>(
          page,
          `/challenge/${arcade.challengeId}`,
        );
        return c.userResponse?.status;
      })
      .toBe('completed');
  });

  it('signs out', async () => {
    await page.goto('/profile');
    await tabTo(page, 'the Sign out button', named(/^Sign out$/), 80);
    await screenshot(page, 'keyboard-signout-focus');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
  });
});
