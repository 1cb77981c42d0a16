import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from './support/browser.ts';
import {
  apiGet,
  apiPostStatus,
  closeLevelUpIfShown,
  DEMO_FAN,
  expectAccessible,
  journeyRig,
  signIn,
} from './support/journeys.ts';

/**
 * The fan web app's feature screens (product §13.4) in real Chromium at 390×844 against the
 * real server on PGlite with the demo seed: one challenge of each subtype (points and /history
 * change), a video watched and an article read for points, a story viewed to the end, a
 * sweepstake entered and the insufficient-points toast for a fan with no points, the public
 * activation landing; axe (0 serious/critical) and a screenshot of every screen.
 */
const rig = journeyRig();
let page: Page;

const DEMO = DEMO_FAN;
/** The demo seed's keywords (server/src/modules/challenges/challenge-seed.ts), by challenge title. */
const KEYWORDS: Record<string, string> = {
  'Broadcast keyword': 'Box box',
  'Track-day keyword': 'Eau Rouge',
  'Pre-season launch keyword': 'Full send',
  'Garage tour keyword': 'Undercut',
};

beforeAll(async () => {
  page = await newPhonePage(rig.browser, rig.server.baseUrl);
  await signIn(page, DEMO);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  // What the fan saw when it failed, and whether the server still answers.
  const health = await fetch(`${rig.server.baseUrl}/healthz`).then(
    (r) => r.status,
    (e: unknown) => String(e),
  );
  console.log(`failed at ${page.url()} (server health: ${health})`);
  await screenshot(page, `features-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

interface ChallengeDto {
  challengeId: string;
  subtype: string;
  title: string;
  expired: boolean;
  userResponse: unknown;
  visibleFrom: string;
  options: { index: number; points: number }[];
  questions: {
    questionId: string;
    options: { index: number; points: number }[];
    triviaUserResponse: { responseIndex: number; correct: boolean | null; points: number } | null;
  }[];
}

const formatPoints = (n: number) => `${new Intl.NumberFormat('en').format(n)} pts`;
const points = async () => (await apiGet<{ points: number }>(page, '/user/me')).points;

async function openChallenge(subtype: string, filter: (c: ChallengeDto) => boolean = () => true) {
  const { items } = await apiGet<{ items: ChallengeDto[] }>(page, `/challenge?subtype=${subtype}`);
  const challenge = items.find((c) => !c.expired && c.userResponse == null && filter(c));
  if (!challenge) throw new Error(`no open ${subtype} challenge in the demo seed`);
  return challenge;
}

const toastWith = (target: Page, text: string | RegExp) => target.locator('li', { hasText: text }).first();

describe('fan web app features', () => {
  it('answers a poll: points paid on answering, results bars shown after', async () => {
    await page.goto('/challenges/poll');
    await page.getByRole('heading', { name: 'Challenges' }).waitFor();
    await page.getByRole('link', { name: /Pick'ems/ }).waitFor();
    await expectAccessible(page, 'features-challenges-poll-list');

    const poll = await openChallenge('poll');
    const before = await points();
    await page.goto(`/challenges/poll/${poll.challengeId}`);
    await page.getByRole('heading', { name: poll.title }).waitFor();
    await expectAccessible(page, 'features-challenge-poll');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Vote' }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    const paid = poll.options.find((o) => o.index === 0)?.points ?? 0;
    if (paid > 0) await toastWith(page, `+${paid} point`).waitFor();
    await expect.poll(points).toBe(before + paid);
    await expectAccessible(page, 'features-challenge-poll-results');

    // The ledger line shows in /history.
    await page.goto('/history');
    await page.getByText(poll.title).first().waitFor();
  });

  it("locks in a pick'em prediction", async () => {
    await page.goto('/challenges/pickem');
    await page.getByRole('heading', { name: 'Challenges' }).waitFor();
    await expectAccessible(page, 'features-challenges-pickem-list');
    const pickem = await openChallenge('pickem');
    await page.goto(`/challenges/pickem/${pickem.challengeId}`);
    await page.getByRole('heading', { name: pickem.title }).waitFor();
    await expectAccessible(page, 'features-challenge-pickem');
    await page.getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'Lock in my prediction' }).click();
    await page.getByText('Prediction locked in. Waiting for the result…').waitFor();
    await expectAccessible(page, 'features-challenge-pickem-locked');
  });

  it('plays trivia question by question: no verdict until the last answer, then locked (product §10.2.5)', async () => {
    const trivia = await openChallenge('trivia', (c) => c.questions.length >= 2);
    const total = trivia.questions.length;
    const before = await points();
    await page.goto(`/challenges/trivia/${trivia.challengeId}`);
    await page.getByText(`Question 1 of ${total}`).waitFor();
    await expectAccessible(page, 'features-challenge-trivia');
    // Answer the first question, then change it before finishing: no verdict, no points yet.
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Answer', exact: true }).click();
    await page.getByText(`Question 2 of ${total}`).waitFor();
    await page.getByText('Your answers so far').waitFor();
    expect(await page.getByText(/^(Correct|Wrong answer)$/).count()).toBe(0);
    await expectAccessible(page, 'features-challenge-trivia-so-far');
    expect(await points()).toBe(before);
    await page
      .getByRole('button', { name: /^Change/ })
      .first()
      .click();
    await page.getByText(`Question 1 of ${total}`).waitFor();
    await page.getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'Change my answer' }).click();
    for (let i = 1; i < total; i++) {
      await page.getByText(`Question ${i + 1} of ${total}`).waitFor();
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Answer', exact: true }).click();
    }
    await page.getByText(new RegExp(`\\d+ / ${total} right`)).waitFor();
    await page.getByText('Your answers are locked now that the results are shown.').waitFor();
    expect(await page.getByRole('button', { name: /^Change/ }).count()).toBe(0);
    await expectAccessible(page, 'features-challenge-trivia-score');

    const answered = await apiGet<ChallengeDto>(page, `/challenge/${trivia.challengeId}`);
    expect(answered.questions[0]!.triviaUserResponse!.responseIndex).toBe(1);
    const earned = answered.questions.reduce(
      (sum, q) => sum + (q.triviaUserResponse?.correct ? q.triviaUserResponse.points : 0),
      0,
    );
    await expect.poll(points).toBe(before + earned);
    // The exploit is closed: knowing the verdict, changing an answer is refused and pays nothing.
    const retry = await apiPostStatus(page, `/challenge/${trivia.challengeId}`, {
      questionId: answered.questions[0]!.questionId,
      responseIndex: 0,
    });
    expect(retry).toBe(422);
    expect(await points()).toBe(before + earned);
  });

  it('accepts the broadcast keyword', async () => {
    const keyword = await openChallenge('keyword', (c) => c.title in KEYWORDS);
    const before = await points();
    await page.goto(`/challenges/keyword/${keyword.challengeId}`);
    await page.getByRole('heading', { name: keyword.title }).waitFor();
    await expectAccessible(page, 'features-challenge-keyword');
    // Case and spaces don't matter (product §10.2.6): type it lower-case with extra spaces.
    await page.getByLabel('The keyword').fill(`  ${KEYWORDS[keyword.title]!.toLowerCase()} `);
    await page.getByRole('button', { name: 'Submit keyword' }).click();
    await page.getByText("That's the keyword!").waitFor();
    await expect.poll(points).toBeGreaterThan(before);
    await expectAccessible(page, 'features-challenge-keyword-done');
    await page.goto('/history');
    await page.getByText(keyword.title).first().waitFor();
  });

  it('plays the start lights: a jump start is called, then a real reaction is scored', async () => {
    const arcade = await openChallenge('arcade');
    const before = await points();
    await page.goto(`/challenges/arcade/${arcade.challengeId}`);
    const game = page.getByRole('button', { name: /Start lights/ });
    await game.waitFor();
    await expectAccessible(page, 'features-challenge-arcade');
    const lights = page.locator('button[aria-describedby="arcade-status"] span.bg-red-600');
    const lit = () =>
      lights.evaluateAll((els) => els.filter((e) => (e as HTMLElement).style.opacity === '1').length);

    // Keyboard: Space starts; Space while the lights are on is a jump start.
    await game.focus();
    await page.keyboard.press('Space');
    await expect.poll(lit, { timeout: 4000 }).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'features-challenge-arcade-lights');
    await page.keyboard.press('Space');
    await page.getByText('Jump start!').first().waitFor();

    // Another start: wait for all five, then for lights out, then react.
    await page.keyboard.press('Space');
    await expect.poll(lit, { timeout: 8000, interval: 50 }).toBe(5);
    await expect.poll(lit, { timeout: 8000, interval: 20 }).toBe(0);
    await page.waitForTimeout(180);
    await page.keyboard.press('Space');
    await page
      .getByText(/^\d+ ms$/)
      .first()
      .waitFor();
    await expect.poll(points).toBeGreaterThanOrEqual(before);
    const done = await apiGet<ChallengeDto>(page, `/challenge/${arcade.challengeId}`);
    expect(done.userResponse).not.toBeNull();
    // The first points of the run may promote the fan: close the level-up celebration first.
    await closeLevelUpIfShown(page);
    await expectAccessible(page, 'features-challenge-arcade-result');
  });

  it('shows the other challenge tabs', async () => {
    for (const subtype of ['trivia', 'keyword', 'arcade']) {
      await page.goto(`/challenges/${subtype}`);
      await page.getByRole('link', { name: /Polls/ }).waitFor();
      await page.locator('main ul li a').first().waitFor();
      await expectAccessible(page, `features-challenges-${subtype}-list`);
    }
  });

  it('pays for a watched video and a read article', async () => {
    await page.goto('/media');
    await page.getByRole('heading', { name: 'Playlists' }).waitFor();
    await page.locator('a[href^="/media/playlists/"]').first().waitFor();
    await expectAccessible(page, 'features-media');

    const { videos, playlists } = await apiGet<{
      videos: { id: string; name: string; value: number; viewed: boolean; videoSourceType: string }[];
      playlists: { id: string }[];
    }>(page, '/content/videos');
    await page.goto(`/media/playlists/${playlists[0]!.id}`);
    await page.locator('a[href^="/media/videos/"]').first().waitFor();
    await expectAccessible(page, 'features-playlist');
    await page.goto('/media/videos');
    await page.locator('a[href^="/media/videos/"]').first().waitFor();
    await expectAccessible(page, 'features-videos');

    const video = videos.find((v) => !v.viewed && v.value > 0 && v.videoSourceType === 'file');
    if (!video) throw new Error('no unwatched file video in the demo seed');
    const before = await points();
    await page.goto(`/media/videos/${video.id}`);
    await page.getByRole('heading', { name: video.name }).waitFor();
    await expectAccessible(page, 'features-video');
    await page.evaluate(() => {
      const v = document.querySelector('video');
      if (!v) throw new Error('no <video>');
      v.muted = true;
      return v.play();
    });
    await page.getByText('Points earned for this one.').waitFor({ timeout: 60_000 });
    await expect.poll(points).toBe(before + video.value);
    await page.goto('/history');
    await page.getByText(video.name).first().waitFor();

    const { articles } = await apiGet<{
      articles: { id: string; title: string; value: number; read: boolean }[];
    }>(page, '/content/articles');
    const article = articles.find((a) => !a.read && a.value > 0);
    if (!article) throw new Error('no unread article in the demo seed');
    const beforeRead = await points();
    await page.goto(`/articles/${article.id}`);
    await page.getByRole('heading', { name: article.title }).waitFor();
    await expectAccessible(page, 'features-article');
    await page.mouse.wheel(0, 20_000);
    // The server wants a plausible reading time (10 s): the screen waits and claims again.
    await page.getByText('Points earned for this one.').waitFor({ timeout: 40_000 });
    await expect.poll(points).toBe(beforeRead + article.value);
  });

  it('views a story to the end: tapping through pays nothing, watching pays (product §10.5)', async () => {
    const { stories } = await apiGet<{
      stories: { id: string; title: string; points: number; viewed: boolean; chapters: { id: string }[] }[];
    }>(page, '/content/stories');
    const story = stories.find((s) => !s.viewed && s.points > 0 && s.chapters.length > 1);
    if (!story) throw new Error('no unviewed story with several chapters in the demo seed');
    const before = await points();
    await page.goto(`/stories/${story.id}`);
    await page.getByRole('heading', { name: story.title }).waitFor();
    // Tap through two chapters in well under a second: refused, with a clear word, and no points.
    await page.waitForTimeout(300);
    await page.mouse.click(330, 420);
    await page.getByText('Too quick for points').first().waitFor();
    expect(await points()).toBe(before);
    // Watch it properly: each chapter stays on screen past its minimum dwell (at most 3 s),
    // counted from the last chapter the server marked.
    await page.waitForTimeout(3200);
    await page.goto(`/stories/${story.id}`);
    await page.getByRole('heading', { name: story.title }).waitFor();
    await expectAccessible(page, 'features-story');
    for (let i = 0; i < story.chapters.length; i++) {
      await page.waitForTimeout(3200);
      await page.mouse.click(330, 420);
    }
    await page.waitForURL('**/dashboard');
    await expect.poll(points).toBe(before + story.points);
    const seen = await apiGet<{ viewed: boolean }>(page, `/content/stories/${story.id}`);
    expect(seen.viewed).toBe(true);
  });

  it('enters a sweepstake with the stepper and pays cost × count', async () => {
    await page.goto('/sweepstakes');
    await page.getByRole('heading', { name: 'Sweepstakes' }).waitFor();
    await page.locator('a[href^="/sweepstakes/"]').first().waitFor();
    await expectAccessible(page, 'features-sweepstakes');

    const list = await apiGet<
      { sweepstakeId: string; title: string; status: string; costPerEntry: number }[]
    >(page, '/sweepstake');
    const live = list.find((s) => s.status === 'live');
    if (!live) throw new Error('no live sweepstake in the demo seed');
    const before = await points();
    await page.goto(`/sweepstakes/${live.sweepstakeId}`);
    await page.getByRole('heading', { name: live.title }).waitFor();
    await page.getByRole('button', { name: 'One entry more' }).click();
    await expect
      .poll(() => page.getByTestId('entry-total').textContent())
      .toContain(String(live.costPerEntry * 2));
    await expectAccessible(page, 'features-sweepstake');
    await page.getByRole('button', { name: 'Enter with 2 entries' }).click();
    // The app's own confirmation: the cost and the balance after, before anything is spent.
    const confirm = page.getByRole('dialog', { name: 'Enter with 2 entries?' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('balance-after').textContent()).toContain(
      formatPoints(before - 2 * live.costPerEntry),
    );
    expect(await points()).toBe(before);
    await expectAccessible(page, 'features-sweepstake-confirm');
    await confirm.getByRole('button', { name: /^Spend/ }).click();
    await toastWith(page, "You're in! 2 entries added").waitFor();
    await expect.poll(points).toBe(before - 2 * live.costPerEntry);
  });

  it('refuses a broke fan with the insufficient-points toast', async () => {
    const fresh = await newPhonePage(rig.browser, rig.server.baseUrl);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await fresh.goto('/');
    await fresh.getByRole('tab', { name: 'Join' }).click();
    await fresh.getByRole('textbox', { name: 'E-mail' }).fill(`broke-${id}@example.com`);
    await fresh.getByLabel('Password').fill('grid-walk-2026!');
    await fresh.getByRole('button', { name: 'Create account' }).click();
    await fresh.waitForURL('**/welcome');
    await fresh.getByLabel('First name').fill('Robin');
    await fresh.getByLabel('Last name').fill('Broke');
    await fresh.getByLabel('Username').fill(`robin_${id}`);
    await fresh.getByLabel('Birthday').fill('1990-05-17');
    await fresh.getByRole('checkbox', { name: /Terms and privacy policy/ }).check();
    await fresh.getByRole('button', { name: "Let's race" }).click();
    await fresh.waitForURL('**/dashboard');

    const list = await apiGet<{ sweepstakeId: string; status: string; costPerEntry: number }[]>(
      fresh,
      '/sweepstake',
    );
    const me = await apiGet<{ points: number }>(fresh, '/user/me');
    const live = list.find((s) => s.status === 'live' && s.costPerEntry > me.points);
    if (!live) throw new Error('no live sweepstake costs more than a new fan holds');
    await fresh.goto(`/sweepstakes/${live.sweepstakeId}`);
    await fresh.getByRole('button', { name: 'Enter with 1 entry' }).click();
    await fresh
      .getByRole('dialog', { name: 'Enter with 1 entry?' })
      .getByRole('button', { name: /^Spend/ })
      .click();
    const toast = toastWith(fresh, "You don't have enough points for that many entries");
    await toast.waitFor();
    await fresh.waitForTimeout(400);
    await screenshot(fresh, 'features-sweepstake-insufficient-points');
    expect((await apiGet<{ points: number }>(fresh, '/user/me')).points).toBe(me.points);
    await fresh.context().close();
  });

  it('shows the hubs, the benefits ladder, the cars and the downloads', async () => {
    await page.goto('/games/poll');
    await page.getByRole('heading', { name: 'Open polls' }).waitFor();
    await expectAccessible(page, 'features-hub-games-poll');
    await page.goto('/contests');
    await page.getByRole('heading', { name: "Pick'ems" }).waitFor();
    await page.locator('a[href^="/sweepstakes/"]').first().waitFor();
    await expectAccessible(page, 'features-hub-contests');
    await page.goto('/benefits');
    await page.locator('[aria-current="step"]').waitFor();
    await expectAccessible(page, 'features-hub-benefits');
    await page.goto('/cars');
    await page.getByRole('heading', { name: /PDK-26/ }).waitFor();
    await expectAccessible(page, 'features-hub-cars');
    await page.goto('/downloads');
    await page.getByRole('heading', { name: 'Race posters' }).waitFor();
    const wallpaper = page.locator('a[download]').first();
    const href = await wallpaper.getAttribute('href');
    expect((await fetch(new URL(href!, rig.server.baseUrl))).status).toBe(200);
    await expectAccessible(page, 'features-downloads');
  });

  it('opens an activation landing signed out, signs up in place and shows the badges granted', async () => {
    const visitor = await newPhonePage(rig.browser, rig.server.baseUrl);
    await visitor.goto('/');
    const list = await apiGet<{ slug: string; status: string; title: string; badges: unknown[] }[]>(
      visitor,
      '/activations/list',
    );
    const open = list.find((a) => a.status === 'open');
    if (!open) throw new Error('no open activation in the demo seed');
    await visitor.goto(`/activations/${open.slug}`);
    await visitor.getByRole('heading', { name: open.title }).waitFor();
    await visitor.getByRole('heading', { name: 'Create your account to claim it' }).waitFor();
    await expectAccessible(visitor, 'features-activation');
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await visitor.getByLabel('E-mail or phone number').fill(`zone-${id}@example.com`);
    await visitor.getByLabel('Password').fill('grid-walk-2026!');
    await visitor.getByRole('button', { name: 'Sign up and claim' }).click();
    await visitor.getByRole('heading', { name: "You're in!" }).waitFor();
    expect(visitor.url()).toContain(`/activations/${open.slug}`);
    // The bonus lifts the new fan a rank: the celebration is closed before the page is checked.
    await closeLevelUpIfShown(visitor);
    await expectAccessible(visitor, 'features-activation-granted');
    await visitor.context().close();
  });
});
