import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../db/schema.ts';
import { NOTIFY_PAYLOAD_LIMIT } from '../platform/events/postgres-event-bus.ts';
import { makeChallenge } from '../test/challenge-fixtures.ts';
import { collectBroadcasts, listenForClients, pause, subscribe } from '../test/realtime-fixtures.ts';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../test/test-app.ts';

/**
 * `results:{challengeId}` (realtime-compat §11.2, decision 024) with the official client: only a
 * fan who may read the results through the API joins, and the tally it carries is the API's.
 */
const t = useTestApp({ RATE_LIMIT_SCALE: '100' });
/** Decision 024, amended 2026-11-26: the `live` hint at most once per 5 s per challenge. */
const HINT_INTERVAL_MS = 5_000;
const clients = listenForClients(t);
let org: Organization;
let other: Organization;

beforeAll(async () => {
  org = await createOrg(t);
  other = await createOrg(t);
});

async function resultsChannel(o: Organization, challengeId: string, token?: string) {
  const c = await clients.client(o, token);
  return c.channel(`results:${challengeId}`, { config: { private: true } });
}

const answer = (f: TestFan, challengeId: string, responseIndex: number) =>
  apiCall(t, f, 'POST', `/api/challenge/${challengeId}`, { responseIndex });

describe('the results topic', () => {
  it('a fan who answered joins and receives the tally the API shows after another fan answers', async () => {
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const [a, b] = [await createFan(t, org), await createFan(t, org)];
    expect((await answer(a, poll.challengeId, 0)).statusCode).toBe(200);
    const channel = await resultsChannel(org, poll.challengeId, a.accessToken);
    const tallies = collectBroadcasts(channel, 'poll_results');
    expect((await subscribe(channel).first()).status).toBe('SUBSCRIBED');
    expect((await answer(b, poll.challengeId, 1)).statusCode).toBe(200);
    const end = Date.now() + 4_000;
    while (!tallies.payloads.some((p) => p.totalResponses === 2) && Date.now() < end)
      await tallies.until(99, 50);
    const last = tallies.payloads.at(-1);
    expect(last).toEqual({
      challengeId: poll.challengeId,
      totalResponses: 2,
      options: [
        { index: 0, votes: 1, percent: 50 },
        { index: 1, votes: 1, percent: 50 },
      ],
      questions: [],
    });
    const view = (await apiCall(t, a, 'GET', `/api/challenge/${poll.challengeId}`)).json();
    expect(view.totalResponses).toBe(2);
    expect(
      view.options.map((o: { index: number; result: unknown }) => ({
        index: o.index,
        ...(o.result as object),
      })),
    ).toEqual(last?.options);
  });

  it('carries trivia tallies per question to a fan who completed the quiz', async () => {
    const quiz = await makeChallenge(t, org, { subtype: 'trivia' });
    const [a, b] = [await createFan(t, org), await createFan(t, org)];
    const view = (await apiCall(t, a, 'GET', `/api/challenge/${quiz.challengeId}`)).json();
    const questions = view.questions as { questionId: string }[];
    const answerAll = async (f: TestFan, index: number) => {
      for (const q of questions)
        await apiCall(t, f, 'POST', `/api/challenge/${quiz.challengeId}`, {
          questionId: q.questionId,
          responseIndex: index,
        });
    };
    await answerAll(a, 1);
    const channel = await resultsChannel(org, quiz.challengeId, a.accessToken);
    const tallies = collectBroadcasts(channel, 'poll_results');
    expect((await subscribe(channel).first()).status).toBe('SUBSCRIBED');
    await answerAll(b, 0);
    const end = Date.now() + 4_000;
    while (!tallies.payloads.some((p) => p.totalResponses === 2) && Date.now() < end)
      await tallies.until(99, 50);
    const last = tallies.payloads.at(-1) as { totalResponses: number; questions: { options: unknown[] }[] };
    expect(last.totalResponses).toBe(2);
    expect(last.questions[0]?.options).toEqual([
      { index: 0, votes: 1, percent: 50 },
      { index: 1, votes: 1, percent: 50 },
    ]);
  });

  it("a socket on the results topic is not sent that challenge's tally-less hint on live; other sockets are", async () => {
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const otherPoll = await makeChallenge(t, org, { subtype: 'poll' });
    const [a, b, c] = [await createFan(t, org), await createFan(t, org), await createFan(t, org)];
    expect((await answer(a, poll.challengeId, 0)).statusCode).toBe(200);
    // Fan a: `live` and the poll's results topic on one socket; fan c (not answered): `live` only.
    const socketA = await clients.client(org, a.accessToken);
    const liveA = socketA.channel('live');
    const hintsA = collectBroadcasts(liveA, 'poll_results');
    const resultsA = socketA.channel(`results:${poll.challengeId}`, { config: { private: true } });
    const tallies = collectBroadcasts(resultsA, 'poll_results');
    const liveC = (await clients.client(org, c.accessToken)).channel('live');
    const hintsC = collectBroadcasts(liveC, 'poll_results');
    for (const channel of [liveA, resultsA, liveC])
      expect((await subscribe(channel).first()).status).toBe('SUBSCRIBED');
    // The answer's coalescing window of decision 024 is over (5 s of the hint since a's answer).
    await pause(HINT_INTERVAL_MS);
    // What a's own answer announced may reach the sockets late (a NOTIFY on a busy PostgreSQL can
    // land after the live channel joined and before the results topic did): only what b's answer
    // announces counts.
    for (const seen of [hintsA, hintsC, tallies]) seen.payloads.length = 0;
    expect((await answer(b, poll.challengeId, 1)).statusCode).toBe(200);
    // Other tests' polls in this organization announce on `live` too: only this file's polls count.
    const of = (hints: { payloads: Record<string, unknown>[] }, id: string) =>
      hints.payloads.filter((p) => p.challengeId === id);
    const end = Date.now() + 3_000;
    while (of(hintsC, poll.challengeId).length === 0 && Date.now() < end) await pause(20);
    expect(of(hintsC, poll.challengeId)).toEqual([{ challengeId: poll.challengeId }]);
    expect((await tallies.until(1))[0]).toMatchObject({ challengeId: poll.challengeId, totalResponses: 2 });
    // Sent in the same pass as c's: had a's socket been sent it, it would be there by now.
    await pause(200);
    expect(of(hintsA, poll.challengeId)).toEqual([]);
    // A hint of a challenge whose results topic the socket is not on still reaches it.
    expect((await answer(b, otherPoll.challengeId, 0)).statusCode).toBe(200);
    while (of(hintsA, otherPoll.challengeId).length === 0 && Date.now() < end + 3_000) await pause(20);
    expect(of(hintsA, otherPoll.challengeId)).toEqual([{ challengeId: otherPoll.challengeId }]);
    expect(of(hintsA, poll.challengeId)).toEqual([]);
  });

  it('is refused to a fan who did not answer, another organization’s fan, the key alone, and while a poll hides its results', async () => {
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const hidden = await makeChallenge(t, org, { subtype: 'poll', hideResultsUntilClose: true });
    const answered = await createFan(t, org);
    await answer(answered, hidden.challengeId, 0);
    const outsider = await createFan(t, other);
    const refusals = [
      await resultsChannel(org, poll.challengeId, (await createFan(t, org)).accessToken),
      await resultsChannel(other, poll.challengeId, outsider.accessToken),
      await resultsChannel(org, poll.challengeId, outsider.accessToken),
      await resultsChannel(org, poll.challengeId),
      await resultsChannel(org, hidden.challengeId, answered.accessToken),
    ].map((channel) => subscribe(channel));
    for (const s of refusals) {
      const first = await s.first();
      expect(first.status).toBe('CHANNEL_ERROR');
      expect(first.message).toMatch(/^"Unauthorized: /);
    }
  });

  it('the largest tally (10 questions of 8 options, large counts) fits in one NOTIFY', () => {
    const options = Array.from({ length: 8 }, (_, index) => ({ index, votes: 9_999_999, percent: 100 }));
    const event = {
      organizationId: org.id,
      topic: `results:${crypto.randomUUID()}`,
      event: 'poll_results',
      payload: {
        challengeId: crypto.randomUUID(),
        totalResponses: 99_999_999,
        options: [],
        questions: Array.from({ length: 10 }, (_, index) => ({
          questionId: crypto.randomUUID(),
          index,
          options,
        })),
      },
    };
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(NOTIFY_PAYLOAD_LIMIT);
  });
});
