import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../db/schema.ts';
import type { LiveEvent } from '../platform/events/event-bus.ts';
import { makeChallenge, orgWithFan } from '../test/challenge-fixtures.ts';
import { DEMO_RANKS } from '../seed/organization-seed.ts';
import { fund } from '../test/points.ts';
import { pause } from '../test/realtime-fixtures.ts';
import { apiCall, createFan, orgWithOperator, type TestFan, useTestApp } from '../test/test-app.ts';

/**
 * The events the domains publish after their writes commit (decision 012, decision 024), read
 * off the bus every realtime server listens to: on PGlite the in-process bus, on PostgreSQL the
 * LISTEN/NOTIFY one.
 */
const t = useTestApp();
/** Decision 024, amended 2026-11-26: the `live` hint at most once per 5 s per challenge. */
const HINT_INTERVAL_MS = 5_000;
const seen: LiveEvent[] = [];
let stop: () => void = () => {};
beforeAll(() => {
  stop = t.deps.events.subscribe((e) => seen.push(e));
});
afterAll(() => stop());

const of = (org: Organization, event: string, topic?: string) =>
  seen.filter((e) => e.organizationId === org.id && e.event === event && (!topic || e.topic === topic));

async function until(count: () => number, n: number, ms = 3_000) {
  const end = Date.now() + ms;
  while (count() < n && Date.now() < end) await pause(20);
  await pause(100);
  return count();
}

describe('challenges on the live channel', () => {
  it('an answer announces new poll results (without tallies) and pays the fan on their own channel', async () => {
    const { org, fan } = await orgWithFan(t);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const answered = await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, {
      responseIndex: 1,
    });
    expect(answered.statusCode).toBe(200);
    expect(await until(() => of(org, 'poll_results', 'live').length, 1)).toBe(1);
    expect(of(org, 'poll_results', 'live')[0]).toMatchObject({
      topic: 'live',
      payload: { challengeId: poll.challengeId },
    });
    // The tally goes only to the results topic, which fans who may read it join.
    expect(await until(() => of(org, 'poll_results', `results:${poll.challengeId}`).length, 1)).toBe(1);
    expect(of(org, 'poll_results', `results:${poll.challengeId}`)[0]?.payload).toMatchObject({
      challengeId: poll.challengeId,
      totalResponses: 1,
      options: [
        { index: 0, votes: 0, percent: 0 },
        { index: 1, votes: 1, percent: 100 },
      ],
    });
    expect(of(org, 'points_awarded', `fan:${fan.user.id}`)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ amount: 20, reason: 'challenge', points: 20, lifetimePoints: 20 }),
      }),
    ]);
  });

  it('answers within one second share one trailing tally; the hint on live waits five seconds', async () => {
    const { org } = await orgWithFan(t);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const fans: TestFan[] = [];
    for (let i = 0; i < 4; i++) fans.push(await createFan(t, org));
    const first = Date.now();
    for (const f of fans)
      await apiCall(t, f, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    const tallies = () => of(org, 'poll_results', `results:${poll.challengeId}`);
    expect(await until(() => tallies().length, 2, 2_500)).toBe(2);
    // The trailing tally counts every answer of the second, within about a second of the last.
    expect(tallies().at(-1)?.payload).toMatchObject({ totalResponses: 4 });
    // The tally-less hint on `live`: the first answer's at once, the others' in one trailing
    // hint five seconds after it (decision 024, amended 2026-11-26), not one per second.
    const hints = () => of(org, 'poll_results', 'live');
    expect(hints()).toHaveLength(1);
    expect(await until(() => hints().length, 2, HINT_INTERVAL_MS + 1_000)).toBe(2);
    expect(Date.now() - first).toBeGreaterThanOrEqual(HINT_INTERVAL_MS - 100);
    await pause(1_200);
    expect(hints()).toHaveLength(2);
    expect(tallies()).toHaveLength(2);
  });

  it('a poll that hides its results until close announces none while open', async () => {
    const { org, fan } = await orgWithFan(t);
    const poll = await makeChallenge(t, org, { subtype: 'poll', hideResultsUntilClose: true });
    await apiCall(t, fan, 'POST', `/api/challenge/${poll.challengeId}`, { responseIndex: 0 });
    await until(() => of(org, 'points_awarded').length, 1);
    expect(of(org, 'poll_results')).toEqual([]);
  });

  it('a challenge visible now is announced as published; a scheduled one is not', async () => {
    const { org } = await orgWithFan(t);
    const now = await makeChallenge(t, org, { subtype: 'poll' });
    await makeChallenge(t, org, {
      subtype: 'poll',
      visibleFrom: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });
    await until(() => of(org, 'challenge_published').length, 1);
    expect(of(org, 'challenge_published').map((e) => e.payload)).toEqual([
      { challengeId: now.challengeId, subtype: 'poll' },
    ]);
  });

  it("settling a pick'em announces the outcome and pays the winner on their channel", async () => {
    const { org, operator } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    const pickem = await makeChallenge(t, org, {
      subtype: 'pickem',
      expiresOn: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    await apiCall(t, fan, 'POST', `/api/challenge/${pickem.challengeId}`, { responseIndex: 2 });
    t.clock.advance(120_000);
    try {
      const settled = await apiCall(
        t,
        operator,
        'POST',
        `/api/admin/challenges/${pickem.challengeId}/settle`,
        {
          outcomeIndex: 2,
        },
      );
      expect(settled.statusCode).toBe(200);
      await until(() => of(org, 'challenge_settled').length, 1);
      expect(of(org, 'challenge_settled').map((e) => e.payload)).toEqual([
        { challengeId: pickem.challengeId, outcomeIndex: 2 },
      ]);
      expect(of(org, 'points_awarded', `fan:${fan.user.id}`).map((e) => e.payload.amount)).toEqual([80]);
    } finally {
      t.clock.advance(-120_000);
    }
  });
});

describe("a fan's own channel", () => {
  it('crossing a rank minimum announces the new rank; an award within the rank does not', async () => {
    const { org, fan } = await orgWithFan(t);
    await fund(t, fan, 50);
    await fund(t, fan, 60);
    await until(() => of(org, 'rank_changed').length, 1);
    expect(of(org, 'rank_changed').map((e) => [e.topic, e.payload])).toEqual([
      [
        `fan:${fan.user.id}`,
        {
          rank: { code: 'P9', name: 'Karting Kid' },
          previousRank: { code: 'P10', name: 'Rookie' },
          lifetimePoints: 110,
        },
      ],
    ]);
  });

  it("an operator's new rank ladder decides the next award's level-up", async () => {
    const { org, fan } = await orgWithFan(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    // The first award reads the ladder (P9 from 100 points) into the app's cache.
    await fund(t, fan, 50);
    const ladder = DEMO_RANKS.map((r) => (r.code === 'P9' ? { ...r, name: 'Go-Karter', minPoints: 60 } : r));
    expect((await apiCall(t, operator, 'PUT', '/api/admin/ranks', { ranks: ladder })).statusCode).toBe(200);
    await fund(t, fan, 20);
    await until(() => of(org, 'rank_changed').length, 1);
    expect(of(org, 'rank_changed').map((e) => e.payload.rank)).toEqual([{ code: 'P9', name: 'Go-Karter' }]);
  });

  it('a spend announces no award', async () => {
    const { org, fan } = await orgWithFan(t);
    await fund(t, fan, 30);
    await fund(t, fan, -10);
    await until(() => of(org, 'points_awarded').length, 2, 500);
    expect(of(org, 'points_awarded').map((e) => e.payload.amount)).toEqual([30]);
  });
});
