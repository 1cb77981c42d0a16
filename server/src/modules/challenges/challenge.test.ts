import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiCall as rawApiCall,
  createFan,
  createOrg,
  ledgerMismatches,
  onRealPostgres,
  type TestContext,
  type TestFan,
  useTestApp,
} from '../../test/test-app.ts';
import { balance, fund, ledgerLines } from '../../test/points.ts';
import { makeChallenge } from '../../test/challenge-fixtures.ts';

const t = useTestApp();
const BASE = '2026-06-01T12:00:00Z';
beforeEach(() => t.clock.set(BASE));

/**
 * apiCall with a session issued at the test clock's time: tests move the clock by days, past
 * the access token's one-hour lifetime.
 */
const sessions = new Map<string, { at: number; token: string }>();
async function apiCall(
  t: TestContext,
  as: TestFan | { org: TestFan['org']; accessToken?: undefined },
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) {
  if (!('user' in as)) return rawApiCall(t, as, method, url, body);
  const now = t.clock.now().getTime();
  let session = sessions.get(as.user.id);
  if (!session || Math.abs(now - session.at) > 30 * 60_000) {
    const issued = await t.deps.tokens.createSession(t.db, as.user, { amr: 'password' });
    session = { at: now, token: issued.access_token };
    sessions.set(as.user.id, session);
  }
  return rawApiCall(t, { ...as, accessToken: session.token }, method, url, body);
}

/** The fan spends points elsewhere (as a sweepstake entry would). */
const spend = (fan: TestFan, amount: number) => fund(t, fan, -amount, 'Sweepstake entry', 'sweepstake_entry');

async function setup(settings: Record<string, unknown> = {}) {
  const org = await createOrg(t);
  if (Object.keys(settings).length) {
    await t.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ ...org.settings, ...settings }) })
      .where('id', '=', org.id)
      .execute();
    Object.assign(org.settings, settings);
  }
  const fan = await createFan(t, org);
  return { org, fan };
}

describe('GET /api/challenge', () => {
  it('lists only visible, non-archived, non-hidden challenges; expired ones stay listed as completed', async () => {
    const { org, fan } = await setup();
    const open = await makeChallenge(t, org, { subtype: 'poll', title: 'Open poll' });
    const upcoming = await makeChallenge(t, org, {
      subtype: 'poll',
      title: 'Upcoming',
      visibleFrom: '2026-06-02T12:00:00Z',
    });
    const expired = await makeChallenge(t, org, {
      subtype: 'poll',
      title: 'Expired',
      visibleFrom: '2026-05-01T12:00:00Z',
      expiresOn: '2026-05-02T12:00:00Z',
    });
    const hidden = await makeChallenge(t, org, { subtype: 'keyword', title: 'Hidden' });
    const archived = await makeChallenge(t, org, { subtype: 'poll', title: 'Archived' });
    await t.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ ...org.settings, hiddenChallengeIds: [hidden.challengeId] }) })
      .where('id', '=', org.id)
      .execute();
    const operator = await createFan(t, org, { roles: ['operator'] });
    expect(
      (await apiCall(t, operator, 'POST', `/api/admin/challenges/${archived.challengeId}/archive`))
        .statusCode,
    ).toBe(200);

    const res = await apiCall(t, fan, 'GET', '/api/challenge');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { challengeId: string; completed: boolean; expired: boolean }[];
    expect(items.map((i) => i.challengeId).sort()).toEqual([open.challengeId, expired.challengeId].sort());
    expect(items.find((i) => i.challengeId === expired.challengeId)).toMatchObject({
      completed: true,
      expired: true,
    });
    expect(items.find((i) => i.challengeId === open.challengeId)).toMatchObject({
      completed: false,
      expired: false,
    });

    // The upcoming one appears once its visibleFrom passes.
    t.clock.set('2026-06-02T12:00:01Z');
    const later = (await apiCall(t, fan, 'GET', '/api/challenge')).json().items as { challengeId: string }[];
    expect(later.map((i) => i.challengeId)).toContain(upcoming.challengeId);
    // Hidden ids are excluded from the list only; the challenge is still reachable by id (SPEC §7).
    expect(later.map((i) => i.challengeId)).not.toContain(hidden.challengeId);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${hidden.challengeId}`)).statusCode).toBe(200);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${archived.challengeId}`)).statusCode).toBe(404);
  });

  it('filters by subtype', async () => {
    const { org, fan } = await setup();
    await makeChallenge(t, org, { subtype: 'poll' });
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const res = await apiCall(t, fan, 'GET', '/api/challenge?subtype=trivia');
    expect(res.json().items.map((i: { challengeId: string }) => i.challengeId)).toEqual([trivia.challengeId]);
    expect((await apiCall(t, fan, 'GET', '/api/challenge?subtype=nope')).statusCode).toBe(400);
  });

  it('answers an anonymous caller only when the logged-off dashboard is on, without fan state', async () => {
    const off = await setup();
    await makeChallenge(t, off.org, { subtype: 'poll' });
    const denied = await apiCall(t, { org: off.org }, 'GET', '/api/challenge');
    expect(denied.statusCode).toBe(401);

    const on = await setup({ loggedOffDashboard: true });
    const poll = await makeChallenge(t, on.org, { subtype: 'poll' });
    await apiCall(t, on.fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 1 });
    const anon = await apiCall(t, { org: on.org }, 'GET', '/api/challenge');
    expect(anon.statusCode).toBe(200);
    expect(anon.json().items).toHaveLength(1);
    expect(anon.json().items[0]).toMatchObject({
      userResponse: null,
      pollResponseIndex: null,
      completed: false,
    });
    // Answering still needs a fan.
    expect(
      (await apiCall(t, { org: on.org }, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 }))
        .statusCode,
    ).toBe(401);
  });

  it("answers 404 for another organization's challenge", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = await makeChallenge(t, b.org, { subtype: 'poll' });
    expect((await apiCall(t, a.fan, 'GET', `/api/challenge/${theirs.challengeId}`)).statusCode).toBe(404);
    const post = await apiCall(t, a.fan, 'POST', `/api/challenge/${theirs.challengeId}`, {
      responseIndex: 0,
    });
    expect(post.statusCode).toBe(404);
    expect((await apiCall(t, a.fan, 'GET', '/api/challenge')).json().items).toEqual([]);
  });
});

describe('poll', () => {
  it('pays the chosen option’s points once, shows results only after answering, then refuses a second answer', async () => {
    const { org, fan } = await setup();
    const other = await createFan(t, org);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const before = (await apiCall(t, fan, 'GET', `/api/challenge/${poll.challengeId}`)).json();
    expect(
      before.options.map((o: { index: number; text: string; points: number }) => [o.index, o.text, o.points]),
    ).toEqual([
      [0, 'Hard tyres', 10],
      [1, 'Medium tyres', 20],
    ]);
    expect(before.options.every((o: { result: unknown }) => o.result === null)).toBe(true);
    expect(before.totalResponses).toBeNull();

    await apiCall(t, other, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    const res = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ correct: null, points: 20, completed: true });
    const view = res.json().challenge;
    expect(view.pollResponseIndex).toBe(1);
    expect(view.userResponse).toMatchObject({
      status: 'completed',
      score: 20,
      answers: [{ answer: 'Medium tyres', correct: null }],
    });
    expect(view.options.map((o: { result: unknown }) => o.result)).toEqual([
      { votes: 1, percent: 50 },
      { votes: 1, percent: 50 },
    ]);
    expect(view.totalResponses).toBe(2);
    expect(await balance(t, fan)).toBe(20);
    expect(await ledgerLines(t, fan)).toEqual([
      { amount: 20, kind: 'challenge', description: 'Poll: Test poll' },
    ]);

    const again = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('already_answered');
    expect(await balance(t, fan)).toBe(20);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('GET /history gives aggregate results and the fan’s own answer (fans only)', async () => {
    const { org, fan } = await setup({ loggedOffDashboard: true });
    const others = [await createFan(t, org), await createFan(t, org), await createFan(t, org)];
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const url = `/api/challenge/${poll.challengeId}`;
    for (const o of others) await apiCall(t, o, 'POST', url, { responseIndex: 0 });
    const before = (await apiCall(t, fan, 'GET', `${url}/history`)).json();
    expect(before).toMatchObject({ totalResponses: null, myAnswers: [], pointsEarned: 0 });
    await apiCall(t, fan, 'POST', url, { responseIndex: 1 });
    const history = await apiCall(t, fan, 'GET', `${url}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({
      totalResponses: 4,
      myAnswers: [{ questionId: null, answer: 'Medium tyres', correct: null, points: 20 }],
      pointsEarned: 20,
    });
    expect(history.json().options.map((o: { result: unknown }) => o.result)).toEqual([
      { votes: 3, percent: 75 },
      { votes: 1, percent: 25 },
    ]);
    expect((await apiCall(t, { org }, 'GET', `${url}/history`)).statusCode).toBe(401);
  });

  it('refuses an option that does not exist with 422 invalid_option and a missing index with 400', async () => {
    const { org, fan } = await setup();
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const res = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 7 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_option');
    const missing = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, {});
    expect(missing.statusCode).toBe(400);
    const unknownField = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, {
      responseIndex: 0,
      x: 1,
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('keeps results hidden until close when configured, even after answering', async () => {
    const { org, fan } = await setup();
    const poll = await makeChallenge(t, org, {
      subtype: 'poll',
      hideResultsUntilClose: true,
      expiresOn: '2026-06-01T18:00:00Z',
    });
    const res = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    expect(res.json().challenge.options.map((o: { result: unknown }) => o.result)).toEqual([null, null]);
    t.clock.set('2026-06-01T18:00:01Z');
    const closed = (await apiCall(t, fan, 'GET', `/api/challenge/${poll.challengeId}`)).json();
    expect(closed.options.map((o: { result: unknown }) => o.result)).toEqual([
      { votes: 1, percent: 100 },
      { votes: 0, percent: 0 },
    ]);
  });

  it('refuses answers before visibleFrom (challenge_not_visible) and after expiresOn (challenge_expired)', async () => {
    const { org, fan } = await setup();
    const poll = await makeChallenge(t, org, {
      subtype: 'poll',
      visibleFrom: '2026-06-01T13:00:00Z',
      expiresOn: '2026-06-01T14:00:00Z',
    });
    const early = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('challenge_not_visible');
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${poll.challengeId}`)).statusCode).toBe(404);
    t.clock.set('2026-06-01T14:00:00Z');
    const late = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('challenge_expired');
    expect(await balance(t, fan)).toBe(0);
  });
});

describe('keyword', () => {
  it('never sends the keyword, accepts it case- and space-insensitively and pays once', async () => {
    const { org, fan } = await setup();
    const kw = await makeChallenge(t, org, { subtype: 'keyword' });
    const listing = await apiCall(t, fan, 'GET', `/api/challenge/${kw.challengeId}`);
    expect(listing.body.toLowerCase()).not.toContain('pole position');
    expect(listing.json().maxPoints).toBe(40);

    const wrong = await apiCall(t, fan, 'POST', `/api/challenge/${kw.challengeId}`, {
      response: 'Safety car',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'wrong_keyword', attemptsLeft: 4 });
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${kw.challengeId}`)).json().userResponse).toBeNull();

    const right = await apiCall(t, fan, 'POST', `/api/challenge/${kw.challengeId}`, {
      response: '  pole   POSITION ',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ correct: true, points: 40, completed: true });
    expect(right.json().challenge.userResponse.answers).toEqual([
      { answer: 'pole   POSITION', correct: true },
    ]);
    expect(await balance(t, fan)).toBe(40);
    const again = await apiCall(t, fan, 'POST', `/api/challenge/${kw.challengeId}`, {
      response: 'pole position',
    });
    expect(again.json().code).toBe('already_answered');
    expect(await balance(t, fan)).toBe(40);
  });

  it('closes the challenge as an incorrect answer after five wrong guesses', async () => {
    const { org, fan } = await setup();
    const kw = await makeChallenge(t, org, { subtype: 'keyword' });
    const lefts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await apiCall(t, fan, 'POST', `/api/challenge/${kw.challengeId}`, {
        response: `guess ${i}`,
      });
      expect(res.json().code).toBe('wrong_keyword');
      lefts.push(res.json().attemptsLeft);
    }
    expect(lefts).toEqual([4, 3, 2, 1, 0]);
    const view = (await apiCall(t, fan, 'GET', `/api/challenge/${kw.challengeId}`)).json();
    expect(view).toMatchObject({
      completed: true,
      userResponse: { score: 0, answers: [{ answer: 'guess 4', correct: false }] },
    });
    const late = await apiCall(t, fan, 'POST', `/api/challenge/${kw.challengeId}`, {
      response: 'Pole Position',
    });
    expect(late.json().code).toBe('already_answered');
    expect(await balance(t, fan)).toBe(0);
  });
});

describe('arcade', () => {
  async function start(fan: TestFan, id: string) {
    const res = await apiCall(t, fan, 'POST', `/api/challenge/${id}/attempt`, {}); // the web app sends an empty JSON body
    expect(res.statusCode).toBe(200);
    return res.json() as { attemptToken: string; lightsOutAfterMs: number };
  }

  it('pays by bracket for a plausible score with a fresh signed attempt', async () => {
    const { org, fan } = await setup();
    const arcade = await makeChallenge(t, org, { subtype: 'arcade' });
    const attempt = await start(fan, arcade.challengeId);
    expect(attempt.lightsOutAfterMs).toBeGreaterThanOrEqual(5200);
    expect(attempt.lightsOutAfterMs).toBeLessThanOrEqual(8000);
    t.clock.advance(attempt.lightsOutAfterMs + 250 + 30);
    const res = await apiCall(t, fan, 'POST', `/api/challenge/${arcade.challengeId}`, {
      response: 250,
      attemptToken: attempt.attemptToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ points: 50, completed: true });
    expect(res.json().challenge.userResponse).toMatchObject({ score: 50, answers: [{ answer: '250' }] });
    expect(await balance(t, fan)).toBe(50);
    const again = await apiCall(t, fan, 'POST', `/api/challenge/${arcade.challengeId}/attempt`);
    expect(again.json().code).toBe('already_answered');
  });

  it('refuses implausible scores: too fast, too slow, before the lights went out, reused, forged or expired tokens', async () => {
    const { org, fan } = await setup();
    const other = await createFan(t, org);
    const arcade = await makeChallenge(t, org, { subtype: 'arcade' });
    const post = (body: unknown, as = fan) =>
      apiCall(t, as, 'POST', `/api/challenge/${arcade.challengeId}`, body);
    const expectImplausible = (res: Awaited<ReturnType<typeof post>>) => {
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('implausible_score');
    };

    let a = await start(fan, arcade.challengeId);
    t.clock.advance(a.lightsOutAfterMs + 1000);
    expectImplausible(await post({ response: 99, attemptToken: a.attemptToken }));

    a = await start(fan, arcade.challengeId);
    t.clock.advance(a.lightsOutAfterMs + 6000);
    expectImplausible(await post({ response: 5001, attemptToken: a.attemptToken }));

    a = await start(fan, arcade.challengeId);
    t.clock.advance(a.lightsOutAfterMs + 100); // a 150 ms reaction cannot have arrived yet
    const early = await post({ response: 150, attemptToken: a.attemptToken });
    expectImplausible(early);
    // That attempt is burnt: the same token cannot be used again even once time has passed.
    t.clock.advance(1000);
    expectImplausible(await post({ response: 150, attemptToken: a.attemptToken }));

    // Another fan's token, or a tampered one, is refused.
    const theirs = await start(other, arcade.challengeId);
    t.clock.advance(theirs.lightsOutAfterMs + 1000);
    expectImplausible(await post({ response: 180, attemptToken: theirs.attemptToken }));
    expectImplausible(
      await post({ response: 180, attemptToken: `${theirs.attemptToken.split('.')[0]}.forged` }),
    );

    a = await start(fan, arcade.challengeId);
    t.clock.advance(61_000);
    expectImplausible(await post({ response: 180, attemptToken: a.attemptToken }));

    // The other fan never used their own attempts, so they can still play.
    const fresh = await start(other, arcade.challengeId);
    t.clock.advance(fresh.lightsOutAfterMs + 1000);
    const ok = await post({ response: 180, attemptToken: fresh.attemptToken }, other);
    expect(ok.json()).toMatchObject({ points: 100 });

    expect(await balance(t, fan)).toBe(0);
    const missing = await post({ response: 180 });
    expect(missing.statusCode).toBe(400);
  });
});

describe('trivia', () => {
  it('hides correct answers until the fan answers a question; changing an answer reverses and re-pays', async () => {
    const { org, fan } = await setup();
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const before = (await apiCall(t, fan, 'GET', url)).json();
    expect(before.maxPoints).toBe(50);
    expect(before.questions).toHaveLength(2);
    for (const q of before.questions) {
      expect(q.triviaUserResponse).toBeNull();
      // Every option shows the question's worth, so points do not give the answer away either.
      expect(new Set(q.options.map((o: { points: number }) => o.points)).size).toBe(1);
      expect(
        q.options.every(
          (o: { correct: unknown; result: unknown }) => o.correct === null && o.result === null,
        ),
      ).toBe(true);
    }
    const [q1, q2] = before.questions as { questionId: string }[];

    const first = await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ correct: true, points: 30, completed: false });
    const afterFirst = first.json().challenge;
    expect(afterFirst.userResponse).toMatchObject({ status: 'in_progress', score: 30 });
    expect(afterFirst.questions[0].options.map((o: { correct: boolean }) => o.correct)).toEqual([
      false,
      true,
    ]);
    expect(afterFirst.questions[0].triviaUserResponse).toEqual({
      responseIndex: 1,
      correct: true,
      points: 30,
    });
    // The second question's answer is still secret.
    expect(afterFirst.questions[1].options.every((o: { correct: unknown }) => o.correct === null)).toBe(true);

    const changed = await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 0 });
    expect(changed.json()).toMatchObject({ correct: false, points: 0, completed: false });
    expect(await balance(t, fan)).toBe(0);

    const back = await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 1 });
    expect(back.json()).toMatchObject({ correct: true, points: 30 });
    const done = await apiCall(t, fan, 'POST', url, { questionId: q2?.questionId, responseIndex: 0 });
    expect(done.json()).toMatchObject({ correct: true, points: 20, completed: true });
    expect(done.json().challenge.userResponse).toMatchObject({ status: 'completed', score: 50 });
    expect(await balance(t, fan)).toBe(50);
    expect((await ledgerLines(t, fan)).map((l) => [l.amount, l.kind])).toEqual([
      [30, 'challenge'],
      [-30, 'reversal'],
      [30, 'challenge'],
      [20, 'challenge'],
    ]);

    const history = (await apiCall(t, fan, 'GET', `${url}/history`)).json();
    expect(history.pointsEarned).toBe(50);
    expect(history.myAnswers.map((a: { answer: string; correct: boolean }) => [a.answer, a.correct])).toEqual(
      [
        ['Five', true],
        ['Chequered', true],
      ],
    );
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses to change an answer whose points were already spent (insufficient_points) and changes nothing', async () => {
    const { org, fan } = await setup();
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const questionId = trivia.questions[0]?.questionId;
    await apiCall(t, fan, 'POST', url, { questionId, responseIndex: 1 });
    await spend(fan, 25);
    const res = await apiCall(t, fan, 'POST', url, { questionId, responseIndex: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('insufficient_points');
    expect(await balance(t, fan)).toBe(5);
    const view = (await apiCall(t, fan, 'GET', url)).json();
    expect(view.questions[0].triviaUserResponse).toEqual({ responseIndex: 1, correct: true, points: 30 });
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses answer changes once the quiz has closed, and then reveals every correct answer', async () => {
    const { org, fan } = await setup();
    const trivia = await makeChallenge(t, org, { subtype: 'trivia', expiresOn: '2026-06-01T13:00:00Z' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const questionId = trivia.questions[0]?.questionId;
    await apiCall(t, fan, 'POST', url, { questionId, responseIndex: 0 });
    t.clock.set('2026-06-01T13:00:00Z');
    const late = await apiCall(t, fan, 'POST', url, { questionId, responseIndex: 1 });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('challenge_expired');
    const view = (await apiCall(t, fan, 'GET', url)).json();
    expect(view.completed).toBe(true);
    expect(view.questions[1].options.map((o: { correct: boolean }) => o.correct)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('refuses an unknown question (invalid_question) and an unknown option (invalid_option)', async () => {
    const { org, fan } = await setup();
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const otherQuiz = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const foreign = await apiCall(t, fan, 'POST', url, {
      questionId: otherQuiz.questions[0]?.questionId,
      responseIndex: 0,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('invalid_question');
    const badOption = await apiCall(t, fan, 'POST', url, {
      questionId: trivia.questions[0]?.questionId,
      responseIndex: 9,
    });
    expect(badOption.statusCode).toBe(422);
    expect(badOption.json().code).toBe('invalid_option');
  });
});

describe("pick'em settlement", () => {
  async function pickemWithPredictions() {
    const { org, fan } = await setup();
    const operator = await createFan(t, org, { roles: ['operator'] });
    const pickem = await makeChallenge(t, org, { subtype: 'pickem' });
    const fans = [fan, await createFan(t, org), await createFan(t, org)];
    // fan 0 and 1 pick Driver A (index 0, 50 points); fan 2 picks Driver C (index 2, 80 points).
    for (const [i, f] of fans.entries()) {
      const res = await apiCall(t, f, 'POST', `/api/challenge/${pickem.challengeId}`, {
        responseIndex: i < 2 ? 0 : 2,
      });
      expect(res.json()).toMatchObject({ correct: null, points: 0 });
    }
    return { org, operator, pickem, fans, url: `/api/admin/challenges/${pickem.challengeId}/settle` };
  }

  it('pays nothing on answering, hides the outcome until settled, refuses settling while open', async () => {
    const { operator, pickem, fans, url } = await pickemWithPredictions();
    expect(await balance(t, fans[0] as TestFan)).toBe(0);
    const view = (await apiCall(t, fans[0] as TestFan, 'GET', `/api/challenge/${pickem.challengeId}`)).json();
    expect(view.outcome).toBeNull();
    expect(view.options.every((o: { correct: unknown }) => o.correct === null)).toBe(true);
    const open = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    expect(open.statusCode).toBe(422);
    expect(open.json().code).toBe('challenge_not_closed');
  });

  it('previews, pays correct predictions exactly once, and re-settles a corrected outcome with reversals', async () => {
    const { org, operator, pickem, fans, url } = await pickemWithPredictions();
    const [a, b, c] = fans as [TestFan, TestFan, TestFan];
    t.clock.set('2026-06-02T13:00:00Z');

    const preview = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0, preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      preview: true,
      fansPaid: 2,
      pointsPaid: 100,
      fansReversed: 0,
      pointsReversed: 0,
    });
    expect(await balance(t, a)).toBe(0);

    const settle = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    expect(settle.json()).toMatchObject({
      preview: false,
      fansPaid: 2,
      pointsPaid: 100,
      previousOutcomeIndex: null,
    });
    const twice = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    expect(twice.json()).toMatchObject({ fansPaid: 0, pointsPaid: 0, fansReversed: 0 });
    expect([await balance(t, a), await balance(t, b), await balance(t, c)]).toEqual([50, 50, 0]);
    const seen = (await apiCall(t, a, 'GET', `/api/challenge/${pickem.challengeId}`)).json();
    expect(seen).toMatchObject({
      outcome: 0,
      userResponse: { score: 50, answers: [{ answer: 'Driver A', correct: true }] },
    });

    // Stewards' decision: Driver C wins after all.
    const correctionPreview = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2, preview: true });
    expect(correctionPreview.json()).toMatchObject({
      fansPaid: 1,
      pointsPaid: 80,
      fansReversed: 2,
      pointsReversed: 100,
    });
    const corrected = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2 });
    expect(corrected.json()).toMatchObject({
      previousOutcomeIndex: 0,
      fansPaid: 1,
      pointsPaid: 80,
      fansReversed: 2,
    });
    expect([await balance(t, a), await balance(t, b), await balance(t, c)]).toEqual([0, 0, 80]);
    expect((await ledgerLines(t, a)).map((l) => [l.amount, l.kind])).toEqual([
      [50, 'challenge'],
      [-50, 'reversal'],
    ]);
    expect((await ledgerLines(t, c)).map((l) => [l.amount, l.kind])).toEqual([[80, 'challenge']]);
    const again = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2 });
    expect(again.json()).toMatchObject({ fansPaid: 0, fansReversed: 0 });
    expect(await balance(t, c)).toBe(80);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);

    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('organizationId', '=', org.id)
      .where('targetId', '=', pickem.challengeId)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual([
      'challenge.create',
      'challenge.settle',
      'challenge.settle',
      'challenge.resettle',
      'challenge.settle',
    ]);
  });

  it('a correction never overdraws a fan who already spent the award: it reverses what the balance holds', async () => {
    const { org, operator, fans, url } = await pickemWithPredictions();
    const [a] = fans as [TestFan];
    t.clock.set('2026-06-02T13:00:00Z');
    await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    await spend(a, 40);
    const corrected = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2 });
    expect(corrected.json()).toMatchObject({
      fansReversed: 2,
      pointsReversed: 60,
      fansPaid: 1,
      pointsPaid: 80,
    });
    expect(await balance(t, a)).toBe(0);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses an outcome that is not an option', async () => {
    const { operator, url } = await pickemWithPredictions();
    t.clock.set('2026-06-03T00:00:00Z');
    const res = await apiCall(t, operator, 'POST', url, { outcomeIndex: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_option');
  });
});

describe('operator routes', () => {
  it('answer 401 anonymously, 403 to a fan and 404 for another organization’s challenge', async () => {
    const { org, fan } = await setup();
    const pickem = await makeChallenge(t, org, { subtype: 'pickem' });
    const url = `/api/admin/challenges/${pickem.challengeId}/settle`;
    expect((await apiCall(t, { org }, 'POST', url, { outcomeIndex: 0 })).statusCode).toBe(401);
    expect((await apiCall(t, fan, 'POST', url, { outcomeIndex: 0 })).statusCode).toBe(403);
    expect((await apiCall(t, fan, 'GET', '/api/admin/challenges')).statusCode).toBe(403);
    expect(
      (await apiCall(t, fan, 'POST', `/api/admin/challenges/${pickem.challengeId}/archive`)).statusCode,
    ).toBe(403);
    const other = await setup();
    const otherOperator = await createFan(t, other.org, { roles: ['operator'] });
    t.clock.set('2026-06-03T00:00:00Z');
    expect((await apiCall(t, otherOperator, 'POST', url, { outcomeIndex: 0 })).statusCode).toBe(404);
    expect(
      (
        await apiCall(t, otherOperator, 'PATCH', `/api/admin/challenges/${pickem.challengeId}`, {
          title: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates, lists, edits and archives challenges of every subtype, with validation and an audit trail', async () => {
    const { org } = await setup();
    const operator = await createFan(t, org, { roles: ['operator'] });
    const base = { title: 'Made by operator', visibleFrom: '2026-06-01T00:00:00Z' };
    const valid = [
      {
        subtype: 'poll',
        options: [
          { text: 'Yes', points: 5 },
          { text: 'No', points: 5 },
        ],
      },
      {
        subtype: 'pickem',
        expiresOn: '2026-06-05T00:00:00Z',
        options: [
          { text: 'A', points: 10 },
          { text: 'B', points: 10 },
        ],
      },
      { subtype: 'keyword', keyword: 'Box box', points: 25 },
      {
        subtype: 'arcade',
        arcadeBrackets: [
          { maxMs: 400, points: 5 },
          { maxMs: 250, points: 20 },
        ],
      },
      {
        subtype: 'trivia',
        questions: [{ text: 'Q?', options: [{ text: 'A', points: 10, isCorrect: true }, { text: 'B' }] }],
      },
    ];
    for (const body of valid) {
      const res = await apiCall(t, operator, 'POST', '/api/admin/challenges', { ...base, ...body });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    }
    const arcade = (await apiCall(t, operator, 'GET', '/api/admin/challenges?subtype=arcade')).json()
      .items[0];
    expect(arcade.arcadeBrackets).toEqual([
      { maxMs: 250, points: 20 },
      { maxMs: 400, points: 5 },
    ]);
    const invalid = [
      { subtype: 'poll' },
      { subtype: 'pickem', options: [{ text: 'A' }, { text: 'B' }] },
      { subtype: 'keyword', keyword: 'x' },
      { subtype: 'arcade' },
      { subtype: 'trivia', questions: [{ text: 'Q?', options: [{ text: 'A' }, { text: 'B' }] }] },
      { subtype: 'poll', options: [{ text: 'A' }, { text: 'B' }], keyword: 'nope', points: 3 },
      { subtype: 'poll', options: [{ text: 'A' }, { text: 'B' }], expiresOn: '2026-05-01T00:00:00Z' },
    ];
    for (const body of invalid) {
      const res = await apiCall(t, operator, 'POST', '/api/admin/challenges', { ...base, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('invalid_challenge');
    }

    const poll = (await apiCall(t, operator, 'GET', '/api/admin/challenges?subtype=poll')).json().items[0];
    const patched = await apiCall(t, operator, 'PATCH', `/api/admin/challenges/${poll.challengeId}`, {
      title: 'Renamed',
    });
    expect(patched.json().title).toBe('Renamed');
    const fan = await createFan(t, org);
    await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    const frozen = await apiCall(t, operator, 'PATCH', `/api/admin/challenges/${poll.challengeId}`, {
      options: [{ text: 'C' }, { text: 'D' }],
    });
    expect(frozen.statusCode).toBe(422);
    expect(frozen.json().code).toBe('challenge_has_responses');
    const archived = await apiCall(t, operator, 'POST', `/api/admin/challenges/${poll.challengeId}/archive`);
    expect(archived.json().archivedAt).not.toBeNull();
    expect((await apiCall(t, operator, 'GET', '/api/admin/challenges')).json().items).toHaveLength(4);
    expect(
      (await apiCall(t, operator, 'GET', '/api/admin/challenges?includeArchived=true')).json().items,
    ).toHaveLength(5);

    const actions = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorUserId'])
      .where('organizationId', '=', org.id)
      .execute();
    expect(actions.filter((a) => a.action === 'challenge.create')).toHaveLength(5);
    expect(actions.filter((a) => a.action === 'challenge.update')).toHaveLength(1);
    expect(actions.filter((a) => a.action === 'challenge.archive')).toHaveLength(1);
    expect(actions.every((a) => a.actorUserId === operator.user.id)).toBe(true);
  });
});

describe.runIf(onRealPostgres)('challenges under concurrency (real PostgreSQL)', () => {
  it('concurrent trivia answer changes leave the ledger matching the final answers', async () => {
    const { org, fan } = await setup();
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const [q1, q2] = trivia.questions.map((q) => q.questionId) as [string, string];
    const calls = Array.from({ length: 40 }, (_, i) =>
      apiCall(t, fan, 'POST', url, {
        questionId: i % 2 === 0 ? q1 : q2,
        responseIndex: i % 3 === 0 ? 0 : 1,
      }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const view = (await apiCall(t, fan, 'GET', url)).json();
    const expected = view.questions.reduce(
      (sum: number, q: { triviaUserResponse: { points: number } }) => sum + q.triviaUserResponse.points,
      0,
    );
    expect(await balance(t, fan)).toBe(expected);
    expect(view.userResponse.score).toBe(expected);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('concurrent poll answers by one fan pay once', async () => {
    const { org, fan } = await setup();
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 1 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().code === 'already_answered')).toHaveLength(19);
    expect(await balance(t, fan)).toBe(20);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });
});

if (!onRealPostgres) {
  console.info(
    'challenge.test.ts: concurrency tests skipped (set TEST_DATABASE_URL to run them on PostgreSQL)',
  );
}
