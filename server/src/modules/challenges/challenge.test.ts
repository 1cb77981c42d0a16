import { describe, expect, it } from 'vitest';
import { apiCallAtClock as apiCall, createFan, useTimedTestApp } from '../../test/test-app.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { balance, ledgerLines, ledgerMismatches } from '../../test/points.ts';
import { makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';

const t = useTimedTestApp();

describe('GET /api/challenge', () => {
  it('lists only visible, non-archived, non-hidden challenges; expired ones stay listed as completed', async () => {
    const { org, fan } = await orgWithFan(t);
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
    // Hidden ids are excluded from the list only; the challenge is still reachable by id (product §7).
    expect(later.map((i) => i.challengeId)).not.toContain(hidden.challengeId);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${hidden.challengeId}`)).statusCode).toBe(200);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${archived.challengeId}`)).statusCode).toBe(404);
  });

  it('filters by subtype', async () => {
    const { org, fan } = await orgWithFan(t);
    await makeChallenge(t, org, { subtype: 'poll' });
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const res = await apiCall(t, fan, 'GET', '/api/challenge?subtype=trivia');
    expect(res.json().items.map((i: { challengeId: string }) => i.challengeId)).toEqual([trivia.challengeId]);
    expect((await apiCall(t, fan, 'GET', '/api/challenge?subtype=nope')).statusCode).toBe(400);
  });

  it('answers an anonymous caller only when the logged-off dashboard is on, without fan state', async () => {
    const off = await orgWithFan(t);
    await makeChallenge(t, off.org, { subtype: 'poll' });
    const denied = await apiCall(t, { org: off.org }, 'GET', '/api/challenge');
    expect(denied.statusCode).toBe(401);

    const on = await orgWithFan(t, { loggedOffDashboard: true });
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
    const a = await orgWithFan(t);
    const b = await orgWithFan(t);
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
    const { org, fan } = await orgWithFan(t);
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
    const { org, fan } = await orgWithFan(t, { loggedOffDashboard: true });
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
    const { org, fan } = await orgWithFan(t);
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
    const { org, fan } = await orgWithFan(t);
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
    const { org, fan } = await orgWithFan(t);
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
describeOnPostgres('challenges under concurrency (real PostgreSQL)', () => {
  it('concurrent trivia answers: the quiz locks once complete and the ledger matches the final answers', async () => {
    const { org, fan } = await orgWithFan(t);
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
    // Product §10.2.5: answers change freely until the quiz is complete; the answer that
    // completes it locks it, so every later one is refused — at least 19 of the 40, whatever
    // order the row lock serialises them in.
    const refused = results.filter((r) => r.statusCode === 422);
    expect(refused.every((r) => r.json().code === 'already_answered')).toBe(true);
    expect(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 422)).toEqual([]);
    expect(refused.length).toBeGreaterThanOrEqual(19);
    const view = (await apiCall(t, fan, 'GET', url)).json();
    const expected = view.questions.reduce(
      (sum: number, q: { triviaUserResponse: { points: number } }) => sum + q.triviaUserResponse.points,
      0,
    );
    expect(await balance(t, fan)).toBe(expected);
    expect(view.userResponse.score).toBe(expected);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('concurrent answers by many fans: each answer counts its own vote, and the counts kept match the database', async () => {
    const { org, fan: reader } = await orgWithFan(t);
    const fans = await Promise.all(Array.from({ length: 24 }, () => createFan(t, org)));
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const [q1] = trivia.questions.map((q) => q.questionId) as [string];
    const pollUrl = `/api/challenge/${poll.challengeId}`;
    const triviaUrl = `/api/challenge/${trivia.challengeId}`;
    // Counts kept before the burst, then answers (trivia: a first answer, then a change) while
    // a reader keeps reading them.
    await apiCall(t, reader, 'GET', '/api/challenge');
    const answers = fans.flatMap((fan, i) => [
      apiCall(t, fan, 'POST', pollUrl, { responseIndex: i % 2 }),
      apiCall(t, fan, 'POST', triviaUrl, { questionId: q1, responseIndex: i % 2 }).then(() =>
        apiCall(t, fan, 'POST', triviaUrl, { questionId: q1, responseIndex: (i + 1) % 2 }),
      ),
      apiCall(t, reader, 'GET', '/api/challenge'),
    ]);
    const results = await Promise.all(answers);
    expect(results.filter((r) => r.statusCode !== 200)).toEqual([]);
    for (const [i, fan] of fans.entries()) {
      const own = results[i * 3]?.json().challenge;
      expect(own.options[i % 2].result.votes).toBeGreaterThanOrEqual(1);
      const mine = (await apiCall(t, fan, 'GET', triviaUrl)).json();
      expect(mine.questions[0].triviaUserResponse.responseIndex).toBe((i + 1) % 2);
    }
    const votes = (url: string) =>
      apiCall(t, fans[0]!, 'GET', url).then((r) => {
        const view = r.json();
        const options = view.subtype === 'trivia' ? view.questions[0].options : view.options;
        return [options.map((o: { result: { votes: number } }) => o.result.votes), view.totalResponses];
      });
    expect(await votes(pollUrl)).toEqual([[12, 12], 24]);
    // Trivia shows its counts to fans who completed the quiz: one fan finishes it.
    const q2 = trivia.questions[1]?.questionId;
    await apiCall(t, fans[0]!, 'POST', triviaUrl, { questionId: q2, responseIndex: 0 });
    expect(await votes(triviaUrl)).toEqual([[12, 12], 24]);
  });

  it('concurrent poll answers by one fan pay once', async () => {
    const { org, fan } = await orgWithFan(t);
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
