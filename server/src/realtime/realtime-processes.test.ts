import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChallenge, orgWithFan } from '../test/challenge-fixtures.ts';
import { collectBroadcasts, realtimeClient, subscribe } from '../test/realtime-fixtures.ts';
import { apiCall, createTestApp, onRealPostgres, type TestContext } from '../test/test-app.ts';

/**
 * Two server instances on one PostgreSQL, each with its own pool and its own LISTEN connection,
 * as two processes behind a load balancer (decision 016): a fan's answer on one reaches a
 * subscriber of the other through NOTIFY.
 */
describe.runIf(onRealPostgres)('two servers on one PostgreSQL', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    a.clock.set(new Date());
    b.clock.set(new Date());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("an answer on server A moves the live channel of a fan connected to server B, and pays on A's fan channel there too", async () => {
    expect(a.deps.events.kind).toBe('postgres');
    const { org, fan } = await orgWithFan(a);
    const poll = await makeChallenge(a, org, { subtype: 'poll' });
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await realtimeClient(baseB, org, fan.accessToken);
    try {
      const live = client.channel('live');
      const results = collectBroadcasts(live, 'poll_results');
      const mine = client.channel(`fan:${fan.user.id}`, { config: { private: true } });
      const awarded = collectBroadcasts(mine, 'points_awarded');
      expect((await subscribe(live).first()).status).toBe('SUBSCRIBED');
      expect((await subscribe(mine).first()).status).toBe('SUBSCRIBED');
      const answered = await apiCall(a, fan, 'POST', `/api/challenge/${poll.challengeId}`, {
        responseIndex: 0,
      });
      expect(answered.statusCode).toBe(200);
      expect(await results.until(1)).toEqual([{ challengeId: poll.challengeId }]);
      expect((await awarded.until(1))[0]).toMatchObject({ amount: 10, points: 10 });
    } finally {
      await client.disconnect();
    }
  });
});
