import { describe, expect, it } from 'vitest';
import { apiCallAtClock as apiCall, createFan, type TestFan, useTimedTestApp } from '../../test/test-app.ts';
import { balance, ledgerLines, ledgerMismatches } from '../../test/points.ts';
import { makeBoost, makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';

const t = useTimedTestApp();

describe('keyword', () => {
  it('never sends the keyword, accepts it case- and space-insensitively and pays once', async () => {
    const { org, fan } = await orgWithFan(t);
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
    const { org, fan } = await orgWithFan(t);
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
    const { org, fan } = await orgWithFan(t);
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
    const { org, fan } = await orgWithFan(t);
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
  it('reveals nothing and pays nothing until the quiz is complete; answers change freely until then', async () => {
    const { org, fan } = await orgWithFan(t);
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

    const first = await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ correct: null, points: 0, completed: false });
    const afterFirst = first.json().challenge;
    expect(afterFirst.userResponse).toMatchObject({ status: 'in_progress', score: 0 });
    expect(afterFirst.questions[0].triviaUserResponse).toEqual({
      responseIndex: 0,
      correct: null,
      points: 0,
    });
    expect(
      afterFirst.questions[0].options.every(
        (o: { correct: unknown; result: unknown }) => o.correct === null && o.result === null,
      ),
    ).toBe(true);
    // The history tells no more than the view.
    const midHistory = (await apiCall(t, fan, 'GET', `${url}/history`)).json();
    expect(midHistory.myAnswers.map((a: { correct: unknown }) => a.correct)).toEqual([null]);
    expect(await balance(t, fan)).toBe(0);

    const changed = await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 1 });
    expect(changed.json()).toMatchObject({ correct: null, points: 0, completed: false });
    expect(await balance(t, fan)).toBe(0);

    const done = await apiCall(t, fan, 'POST', url, { questionId: q2?.questionId, responseIndex: 0 });
    expect(done.json()).toMatchObject({ correct: true, points: 50, completed: true });
    const complete = done.json().challenge;
    expect(complete.userResponse).toMatchObject({ status: 'completed', score: 50 });
    expect(complete.questions[0].triviaUserResponse).toEqual({ responseIndex: 1, correct: true, points: 30 });
    expect(complete.questions[0].options.map((o: { correct: boolean }) => o.correct)).toEqual([false, true]);
    expect(await balance(t, fan)).toBe(50);
    expect((await ledgerLines(t, fan)).map((l) => [l.amount, l.kind])).toEqual([
      [30, 'challenge'],
      [20, 'challenge'],
    ]);
    // What each answer was paid is stored with it: the quiz read afresh shows the same.
    const reread = (await apiCall(t, fan, 'GET', url)).json();
    expect(reread.userResponse).toMatchObject({ status: 'completed', score: 50 });
    expect(reread.questions.map((q: { triviaUserResponse: unknown }) => q.triviaUserResponse)).toEqual([
      { responseIndex: 1, correct: true, points: 30 },
      { responseIndex: 0, correct: true, points: 20 },
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

  it('completing under a boost pays each correct answer boosted, named on its own history line, stored with it', async () => {
    const { org, fan } = await orgWithFan(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    await makeBoost(t, operator, { name: 'Quiz night', multiplier: 1.5 });
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const [q1, q2] = trivia.questions as { questionId: string }[];
    await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 1 });
    const done = await apiCall(t, fan, 'POST', url, { questionId: q2?.questionId, responseIndex: 0 });
    // 30 × 1.5 = 45 and 20 × 1.5 = 30.
    expect(done.json()).toMatchObject({ correct: true, points: 75, completed: true });
    expect(await balance(t, fan)).toBe(75);
    expect((await ledgerLines(t, fan)).map((l) => [l.amount, l.description]).sort()).toEqual([
      [30, 'Trivia: Test trivia (Q2) ×1.5 Quiz night'],
      [45, 'Trivia: Test trivia (Q1) ×1.5 Quiz night'],
    ]);
    const view = (await apiCall(t, fan, 'GET', url)).json();
    expect(view.userResponse).toMatchObject({ status: 'completed', score: 75 });
    expect(
      view.questions.map((q: { triviaUserResponse: { points: number } }) => q.triviaUserResponse.points),
    ).toEqual([45, 30]);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('a one-question quiz completes with its first answer: recorded, paid and stored at once', async () => {
    const { org, fan } = await orgWithFan(t);
    const trivia = await makeChallenge(t, org, {
      subtype: 'trivia',
      questions: [
        {
          text: 'Which flag ends the race?',
          options: [
            { text: 'Blue', points: 0 },
            { text: 'Chequered', points: 25, isCorrect: true },
          ],
        },
      ],
    });
    const url = `/api/challenge/${trivia.challengeId}`;
    const questionId = trivia.questions[0]?.questionId;
    const done = await apiCall(t, fan, 'POST', url, { questionId, responseIndex: 1 });
    expect(done.json()).toMatchObject({ correct: true, points: 25, completed: true });
    expect(await balance(t, fan)).toBe(25);
    const view = (await apiCall(t, fan, 'GET', url)).json();
    expect(view.userResponse).toMatchObject({ status: 'completed', score: 25 });
    expect(view.questions[0].triviaUserResponse).toEqual({ responseIndex: 1, correct: true, points: 25 });
    const again = await apiCall(t, fan, 'POST', url, { questionId, responseIndex: 0 });
    expect(again.json().code).toBe('already_answered');
    expect(await balance(t, fan)).toBe(25);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('closes the exploit: once the results are shown no answer can change (already_answered), nothing more is paid', async () => {
    const { org, fan } = await orgWithFan(t);
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const [q1, q2] = trivia.questions as { questionId: string }[];
    // Wrong on the first question, then the quiz completes and shows "Wrong answer".
    await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 0 });
    const done = await apiCall(t, fan, 'POST', url, { questionId: q2?.questionId, responseIndex: 0 });
    expect(done.json().challenge.questions[0].triviaUserResponse).toMatchObject({
      correct: false,
      points: 0,
    });
    expect(await balance(t, fan)).toBe(20);
    // Knowing the right option now, the fan tries to change to it.
    const retry = await apiCall(t, fan, 'POST', url, { questionId: q1?.questionId, responseIndex: 1 });
    expect(retry.statusCode).toBe(422);
    expect(retry.json().code).toBe('already_answered');
    expect(await balance(t, fan)).toBe(20);
    const view = (await apiCall(t, fan, 'GET', url)).json();
    expect(view.questions[0].triviaUserResponse).toEqual({ responseIndex: 0, correct: false, points: 0 });
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses answer changes once the quiz has closed, and then reveals every correct answer', async () => {
    const { org, fan } = await orgWithFan(t);
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

  it('presents each answer exactly as a read right after it shows the quiz, other fans’ answers counted', async () => {
    const { org, fan } = await orgWithFan(t);
    const other = await createFan(t, org);
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    const [q1, q2] = trivia.questions as { questionId: string }[];
    await apiCall(t, other, 'POST', url, { questionId: q1?.questionId, responseIndex: 1 });
    await apiCall(t, other, 'POST', url, { questionId: q2?.questionId, responseIndex: 1 });
    // First answer, a changed answer, the same answer again, the completing answer.
    for (const [questionId, responseIndex] of [
      [q1?.questionId, 0],
      [q1?.questionId, 1],
      [q1?.questionId, 1],
      [q2?.questionId, 0],
    ] as const) {
      const answered = await apiCall(t, fan, 'POST', url, { questionId, responseIndex });
      expect(answered.statusCode, answered.body).toBe(200);
      const read = await apiCall(t, fan, 'GET', url);
      expect(answered.json().challenge).toEqual(read.json());
    }
    const done = (await apiCall(t, fan, 'GET', url)).json();
    expect(done.totalResponses).toBe(2);
    expect(done.questions[0].options.map((o: { result: { votes: number } }) => o.result.votes)).toEqual([
      0, 2,
    ]);
    expect(done.questions[1].options.map((o: { result: { votes: number } }) => o.result.votes)).toEqual([
      1, 1, 0,
    ]);
  });

  it('refuses a completed quiz before judging the question (already_answered first)', async () => {
    const { org, fan } = await orgWithFan(t);
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const otherQuiz = await makeChallenge(t, org, { subtype: 'trivia' });
    const url = `/api/challenge/${trivia.challengeId}`;
    for (const q of trivia.questions as { questionId: string }[]) {
      await apiCall(t, fan, 'POST', url, { questionId: q.questionId, responseIndex: 0 });
    }
    const foreign = await apiCall(t, fan, 'POST', url, {
      questionId: otherQuiz.questions[0]?.questionId,
      responseIndex: 0,
    });
    expect(foreign.json().code).toBe('already_answered');
  });

  it('refuses an unknown question (invalid_question) and an unknown option (invalid_option)', async () => {
    const { org, fan } = await orgWithFan(t);
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
