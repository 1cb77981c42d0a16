import { describe, expect, it } from 'vitest';
import { busEcho } from '../../test/bus-echo.ts';
import { makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';
import { CHALLENGES_CHANGED } from './challenge-catalogue.ts';
import { BUSES, redisReachable, useTwoServers } from '../../test/services.ts';
import {
  apiCallAtClock as apiCall,
  apiCall as apiCallNow,
  createFan,
  onRealPostgres,
  orgWithOperator,
  type TestContext,
  type TestFan,
  useTimedTestApp,
} from '../../test/test-app.ts';

/**
 * The organization's challenge catalogue is kept in memory (decision 032). These tests warm it
 * with a fan's read, then check that every operator write shows on the very next read, that the
 * clock is judged per request, and that nothing of one fan or organization reaches another.
 */
const t = useTimedTestApp();

type Item = {
  challengeId: string;
  title: string;
  expired: boolean;
  outcome: number | null;
  userResponse: unknown;
  pollResponseIndex: number | null;
};
const list = async (as: TestFan | { org: TestFan['org'] }, ctx: TestContext = t) =>
  (await apiCall(ctx, as, 'GET', '/api/challenge')).json().items as Item[];

type Presented = Item & {
  options: { text: string; correct: boolean | null; result: { votes: number; percent: number } | null }[];
  questions: {
    triviaUserResponse: { responseIndex: number } | null;
    options: { correct: boolean | null; result: unknown }[];
  }[];
  userResponse: { status: string } | null;
};
const byId = (items: Item[], id: string) => items.find((i) => i.challengeId === id);
const answer = (as: TestFan, id: string, body: Record<string, unknown>) =>
  apiCall(t, as, 'POST', `/api/challenge/${id}`, body);

async function setup() {
  const { org, fan } = await orgWithFan(t, { loggedOffDashboard: true });
  const operator = await createFan(t, org, { roles: ['operator'] });
  return { org, fan, operator };
}

describe('the challenge catalogue', () => {
  it('really serves from memory: a change behind its back is not seen until an operator write', async () => {
    const { org, fan, operator } = await setup();
    const created = busEcho(t, CHALLENGES_CHANGED, org.id);
    const poll = await makeChallenge(t, org, { subtype: 'poll', title: 'Before' });
    await created;
    expect((await list(fan)).map((i) => i.title)).toEqual(['Before']);
    await t.db
      .updateTable('challenges')
      .set({ title: 'Behind' })
      .where('id', '=', poll.challengeId)
      .execute();
    expect((await list(fan)).map((i) => i.title)).toEqual(['Before']);
    const edited = await apiCall(t, operator, 'PATCH', `/api/admin/challenges/${poll.challengeId}`, {
      title: 'Edited',
    });
    expect(edited.statusCode).toBe(200);
    expect((await list(fan)).map((i) => i.title)).toEqual(['Edited']);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${poll.challengeId}`)).json().title).toBe('Edited');
  });

  it("shows an operator's create, close, archive and hide on the next fan read", async () => {
    const { org, fan, operator } = await setup();
    const first = await makeChallenge(t, org, { subtype: 'poll', title: 'First' });
    expect((await list(fan)).map((i) => i.title)).toEqual(['First']);

    const created = await apiCall(t, operator, 'POST', '/api/admin/challenges', {
      subtype: 'keyword',
      title: 'Second',
      visibleFrom: t.clock.now().toISOString(),
      keyword: 'Box box',
      points: 5,
    });
    expect(created.statusCode).toBe(201);
    const second = created.json().challengeId as string;
    expect((await list(fan)).map((i) => i.title).sort()).toEqual(['First', 'Second']);

    // Closing is an edit of expiresOn: the poll shows as expired at once.
    const closeAt = new Date(t.clock.now().getTime() - 60_000).toISOString();
    expect(
      (
        await apiCall(t, operator, 'PATCH', `/api/admin/challenges/${first.challengeId}`, {
          expiresOn: closeAt,
        })
      ).statusCode,
    ).toBe(200);
    expect((await list(fan)).find((i) => i.challengeId === first.challengeId)?.expired).toBe(true);

    expect(
      (await apiCall(t, operator, 'POST', `/api/admin/challenges/${first.challengeId}/archive`)).statusCode,
    ).toBe(200);
    expect((await list(fan)).map((i) => i.challengeId)).toEqual([second]);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${first.challengeId}`)).statusCode).toBe(404);

    const hidden = await apiCall(t, operator, 'PATCH', '/api/admin/organization', {
      hiddenChallengeIds: [second],
    });
    expect(hidden.statusCode).toBe(200);
    expect(await list(fan)).toEqual([]);
    expect(await list({ org })).toEqual([]);
  });

  it("shows a pick'em's settlement on the next read", async () => {
    const { org, fan, operator } = await setup();
    const pickem = await makeChallenge(t, org, {
      subtype: 'pickem',
      expiresOn: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(
      (await apiCall(t, fan, 'POST', `/api/challenge/${pickem.challengeId}`, { responseIndex: 1 }))
        .statusCode,
    ).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + 120_000));
    expect((await list(fan))[0]?.outcome).toBeNull();
    const settle = `/api/admin/challenges/${pickem.challengeId}/settle`;
    // A preview changes nothing, the settlement shows at once.
    expect((await apiCall(t, operator, 'POST', settle, { outcomeIndex: 1, preview: true })).statusCode).toBe(
      200,
    );
    expect((await list(fan))[0]?.outcome).toBeNull();
    expect((await apiCall(t, operator, 'POST', settle, { outcomeIndex: 1 })).statusCode).toBe(200);
    expect((await list(fan))[0]).toMatchObject({
      outcome: 1,
      userResponse: { answers: [{ correct: true }] },
    });
  });

  it('shows a challenge the instant its visibleFrom passes, judged by each request’s clock', async () => {
    const { org, fan } = await setup();
    const opensAt = new Date(t.clock.now().getTime() + 30 * 60_000);
    const later = await makeChallenge(t, org, { subtype: 'poll', visibleFrom: opensAt.toISOString() });
    expect(await list(fan)).toEqual([]);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${later.challengeId}`)).statusCode).toBe(404);
    t.clock.set(new Date(opensAt.getTime() - 1));
    expect(await list(fan)).toEqual([]);
    t.clock.set(opensAt);
    expect((await list(fan)).map((i) => i.challengeId)).toEqual([later.challengeId]);
    expect((await apiCall(t, fan, 'GET', `/api/challenge/${later.challengeId}`)).statusCode).toBe(200);
  });

  it("never shows one organization's catalogue to another", async () => {
    const a = await setup();
    const b = await setup();
    await makeChallenge(t, a.org, { subtype: 'poll', title: 'A only' });
    expect((await list(a.fan)).map((i) => i.title)).toEqual(['A only']);
    expect(await list(b.fan)).toEqual([]);
    expect(await list({ org: b.org })).toEqual([]);
    await makeChallenge(t, b.org, { subtype: 'poll', title: 'B only' });
    expect((await list(b.fan)).map((i) => i.title)).toEqual(['B only']);
    expect((await list(a.fan)).map((i) => i.title)).toEqual(['A only']);
  });

  it("never shares a fan's own answers with another fan or an anonymous reader", async () => {
    const { org, fan } = await setup();
    const other = await createFan(t, org);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const question = trivia.questions[0]?.questionId as string;
    expect(
      (await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 1 })).statusCode,
    ).toBe(200);
    expect(
      (
        await apiCall(t, fan, 'POST', `/api/challenge/${trivia.challengeId}`, {
          questionId: question,
          responseIndex: 1,
        })
      ).statusCode,
    ).toBe(200);

    const mine = await list(fan);
    expect(byId(mine, poll.challengeId)).toMatchObject({
      pollResponseIndex: 1,
      userResponse: { status: 'completed' },
    });
    // Points wait for the whole quiz; the one answer given shows as in progress.
    expect(byId(mine, trivia.challengeId)?.userResponse).toMatchObject({
      status: 'in_progress',
      answers: [{ answer: 'Five', correct: null }],
    });

    for (const reader of [other, { org }]) {
      const theirs = await list(reader);
      expect(byId(theirs, poll.challengeId)).toMatchObject({ pollResponseIndex: null, userResponse: null });
      expect(byId(theirs, trivia.challengeId)?.userResponse).toBeNull();
    }
    // And the first fan's view is unchanged by the others' reads.
    expect(await list(fan)).toEqual(mine);
  });

  it("shows an operator's option edit and a fan's answers on the very next read, and never another fan's results", async () => {
    const { org, fan, operator } = await setup();
    const other = await createFan(t, org);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const [q1, q2] = trivia.questions.map((q) => q.questionId);
    // Both reads come from the catalogue's shared presentations.
    await list(fan);
    await list(other);
    const pollOf = async (as: TestFan) => byId(await list(as), poll.challengeId) as Presented;
    const triviaOf = async (as: TestFan) => byId(await list(as), trivia.challengeId) as Presented;

    const edit = await apiCall(t, operator, 'PATCH', `/api/admin/challenges/${poll.challengeId}`, {
      options: [
        { text: 'Soft tyres', points: 10 },
        { text: 'Medium tyres', points: 20 },
      ],
    });
    expect(edit.statusCode).toBe(200);
    expect((await pollOf(other)).options.map((o) => o.text)).toEqual(['Soft tyres', 'Medium tyres']);

    expect((await answer(fan, poll.challengeId, { responseIndex: 0 })).statusCode).toBe(200);
    expect(await pollOf(fan)).toMatchObject({
      pollResponseIndex: 0,
      userResponse: { answers: [{ answer: 'Soft tyres' }] },
      options: [{ result: { votes: 1, percent: 100 } }, { result: { votes: 0, percent: 0 } }],
    });
    expect(await pollOf(other)).toMatchObject({
      pollResponseIndex: null,
      userResponse: null,
      options: [{ result: null }, { result: null }],
    });

    expect((await answer(fan, trivia.challengeId, { questionId: q1, responseIndex: 0 })).statusCode).toBe(
      200,
    );
    expect((await triviaOf(fan)).questions.map((q) => q.triviaUserResponse?.responseIndex ?? null)).toEqual([
      0,
      null,
    ]);
    expect((await answer(fan, trivia.challengeId, { questionId: q2, responseIndex: 0 })).statusCode).toBe(
      200,
    );
    const completed = await triviaOf(fan);
    expect(completed.questions.flatMap((q) => q.options.map((o) => o.correct))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(completed.questions.every((q) => q.options.every((o) => o.result !== null))).toBe(true);
    const theirs = await triviaOf(other);
    expect(theirs.userResponse).toBeNull();
    expect(
      theirs.questions.every(
        (q) =>
          q.triviaUserResponse === null && q.options.every((o) => o.correct === null && o.result === null),
      ),
    ).toBe(true);

    const archived = await apiCall(t, operator, 'POST', `/api/admin/challenges/${poll.challengeId}/archive`);
    expect(archived.statusCode).toBe(200);
    expect((await list(fan)).map((i) => i.challengeId)).toEqual([trivia.challengeId]);
  });

  it('answers fans reading at once (their answers read in one batch) each with their own answers only', async () => {
    const { org, fan } = await setup();
    const fans = [fan, ...(await Promise.all([1, 2, 3, 4].map(() => createFan(t, org))))] as TestFan[];
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const trivia = await makeChallenge(t, org, { subtype: 'trivia' });
    const [q1, q2] = trivia.questions.map((q) => q.questionId);
    const answers: [TestFan, string, Record<string, unknown>][] = [
      [fans[0]!, poll.challengeId, { responseIndex: 0 }],
      [fans[1]!, poll.challengeId, { responseIndex: 1 }],
      [fans[2]!, trivia.challengeId, { questionId: q1, responseIndex: 1 }],
      [fans[3]!, trivia.challengeId, { questionId: q1, responseIndex: 1 }],
      [fans[3]!, trivia.challengeId, { questionId: q2, responseIndex: 0 }],
    ];
    for (const [as, id, body] of answers) expect((await answer(as, id, body)).statusCode).toBe(200);

    const readers = [...fans, ...fans, { org }];
    const seen = (await Promise.all(readers.map((r) => list(r)))).map((items) => {
      const p = byId(items, poll.challengeId) as Presented;
      const q = byId(items, trivia.challengeId) as Presented;
      return {
        poll: p.pollResponseIndex,
        pollVotes: p.options.map((o) => o.result?.votes ?? null),
        quiz: q.userResponse?.status ?? null,
        quizAnswers: q.questions.map((x) => x.triviaUserResponse?.responseIndex ?? null),
      };
    });
    const nothing = { poll: null, pollVotes: [null, null], quiz: null, quizAnswers: [null, null] };
    const expected = [
      { poll: 0, pollVotes: [1, 1], quiz: null, quizAnswers: [null, null] },
      { poll: 1, pollVotes: [1, 1], quiz: null, quizAnswers: [null, null] },
      { ...nothing, quiz: 'in_progress', quizAnswers: [1, null] },
      { ...nothing, quiz: 'completed', quizAnswers: [1, 0] },
      nothing,
    ];
    expect(seen).toEqual([...expected, ...expected, nothing]);
  });
});

const redisUp = onRealPostgres && (await redisReachable());

for (const bus of BUSES) {
  describe.runIf(onRealPostgres && (bus === 'postgres' || redisUp))(`two servers, bus over ${bus}`, () => {
    const servers = useTwoServers(bus);

    it("serves on B, within a second, an operator's edit and archive made on A", async () => {
      const { a, b } = servers;
      const { org, operator } = await orgWithOperator(a);
      const fan = await createFan(a, org);
      const poll = await makeChallenge(a, org, { subtype: 'poll', title: 'Original' });
      const titlesOnB = async () =>
        ((await apiCallNow(b, fan, 'GET', '/api/challenge')).json().items as Item[])
          .map((i) => i.title)
          .join();
      expect(await titlesOnB()).toBe('Original');
      // B really caches: a change made behind its back is not served.
      await a.db
        .updateTable('challenges')
        .set({ title: 'Behind' })
        .where('id', '=', poll.challengeId)
        .execute();
      expect(await titlesOnB()).toBe('Original');

      const edit = await apiCallNow(a, operator, 'PATCH', `/api/admin/challenges/${poll.challengeId}`, {
        title: 'Edited on A',
      });
      expect(edit.statusCode).toBe(200);
      expect(await seenWithin(titlesOnB, 'Edited on A', 1_000)).toBeLessThan(1_000);

      const archive = await apiCallNow(
        a,
        operator,
        'POST',
        `/api/admin/challenges/${poll.challengeId}/archive`,
      );
      expect(archive.statusCode).toBe(200);
      expect(await seenWithin(titlesOnB, '', 1_000)).toBeLessThan(1_000);
    });
  });
}

/** Asks `read` until it answers `want`; the milliseconds it took, or fails after `withinMs`. */
async function seenWithin<T>(read: () => Promise<T>, want: T, withinMs: number): Promise<number> {
  const start = performance.now();
  let last: T | undefined;
  while (performance.now() - start < withinMs) {
    last = await read();
    if (last === want) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`still ${String(last)} after ${withinMs} ms, wanted ${String(want)}`);
}
