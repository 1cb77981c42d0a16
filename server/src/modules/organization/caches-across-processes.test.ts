import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_RANKS } from '../../seed/organization-seed.ts';
import { ledgerLines } from '../../test/points.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import { BUSES, redisReachable, useTwoServers } from '../../test/services.ts';
import {
  apiCall,
  createFan,
  onRealPostgres,
  orgWithOperator,
  type TestContext,
} from '../../test/test-app.ts';

/**
 * Scale-out (decision 016, decision 032): two server instances on one PostgreSQL, each with its
 * own pool, caches and bus connection, as two processes behind a load balancer. What one
 * process writes, the other must serve at once: an operator's settings and a sign-out (through
 * notices on the bus), rate-limit counters and idempotency keys (shared stores).
 */
const redisUp = onRealPostgres && (await redisReachable());

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

for (const bus of BUSES) {
  describe.runIf(onRealPostgres && (bus === 'postgres' || redisUp))(`two servers, bus over ${bus}`, () => {
    // The production rate limits (scale 1), so the shared limit below is reached.
    const servers = useTwoServers(bus, { RATE_LIMIT_SCALE: '1' });

    it("serves an operator's setting changed on A from B within a second, not after the cache's 5 s", async () => {
      const { a, b } = servers;
      expect(a.deps.events.kind).toBe(bus);
      const { org, operator } = await orgWithOperator(a);
      const fan = await createFan(a, org);
      const nameOnB = async () => (await apiCall(b, fan, 'GET', '/api/organization/current')).json().name;
      const rankOnB = async () => (await apiCall(b, fan, 'GET', '/api/user/me')).json().rank.name;
      expect(await nameOnB()).toBe(org.name);
      expect(await rankOnB()).toBe('Rookie');

      // B really caches: a change made behind the cache's back is not served yet.
      await a.db
        .updateTable('organizations')
        .set({ name: 'Behind the cache' })
        .where('id', '=', org.id)
        .execute();
      expect(await nameOnB()).toBe(org.name);

      const patched = await apiCall(a, operator, 'PATCH', '/api/admin/organization', {
        name: 'Renamed on A',
      });
      expect(patched.statusCode).toBe(200);
      expect(await seenWithin(nameOnB, 'Renamed on A', 1_000)).toBeLessThan(1_000);

      const renamed = DEMO_RANKS.map((r) => ({ ...r, name: r.code === 'P10' ? 'Paddock Pass' : r.name }));
      expect((await apiCall(a, operator, 'PUT', '/api/admin/ranks', { ranks: renamed })).statusCode).toBe(
        200,
      );
      expect(await seenWithin(rankOnB, 'Paddock Pass', 1_000)).toBeLessThan(1_000);
    });

    it('multiplies on B, within a second, the awards of a boost the operator created on A', async () => {
      const { a, b } = servers;
      const { org, operator } = await orgWithOperator(a);
      const fan = await createFan(a, org);
      const awardOnB = () =>
        b.db.transaction().execute(async (trx) => {
          const posted = await postPoints(
            trx,
            {
              organizationId: org.id,
              userId: fan.user.id,
              amount: 10,
              kind: 'challenge',
              description: 'Poll answered',
              at: b.clock.now(),
              earning: 'challenges',
            },
            bestActiveBoost,
          );
          return posted.amount;
        });
      // B reads the organization's (no) boosts into memory, and keeps them while nothing changes.
      expect(await awardOnB()).toBe(10);
      const created = await apiCall(a, operator, 'POST', '/api/admin/boosts', {
        name: 'race-weekend boost',
        multiplier: 2,
        earning: 'all',
        startsAt: new Date(a.clock.now().getTime() - 60_000).toISOString(),
        endsAt: new Date(a.clock.now().getTime() + 3_600_000).toISOString(),
      });
      expect(created.statusCode).toBe(201);
      expect(await seenWithin(awardOnB, 20, 1_000)).toBeLessThan(1_000);
    });

    it('refuses on B, within a second, a session the fan signed out of on A', async () => {
      const { a, b } = servers;
      const { org } = await orgWithOperator(a);
      const fan = await createFan(a, org);
      const statusOnB = async () => (await apiCall(b, fan, 'GET', '/api/user/me')).statusCode;
      // B confirms the session and keeps that confirmation for up to 5 s (decision 032).
      expect(await statusOnB()).toBe(200);
      const out = await a.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: { apikey: org.publishableKey, authorization: `Bearer ${fan.accessToken}` },
      });
      expect(out.statusCode).toBe(204);
      expect(await seenWithin(statusOnB, 401, 1_000)).toBeLessThan(1_000);
    });

    it('counts one rate limit across both: a budget spent half on A, half on B, refuses on both', async () => {
      const { a, b } = servers;
      const { org } = await orgWithOperator(a);
      const fan = await createFan(a, org);
      // POST /api/media/set-avatar allows 10 per fan per minute (product-rate-limits.ts).
      const setAvatar = (on: TestContext) =>
        apiCall(on, fan, 'POST', '/api/media/set-avatar', { name: randomUUID() });
      for (let i = 0; i < 5; i++) {
        expect((await setAvatar(a)).statusCode).toBe(404);
        expect((await setAvatar(b)).statusCode).toBe(404);
      }
      const onB = await setAvatar(b);
      expect(onB.statusCode).toBe(429);
      expect(onB.json().code).toBe('rate_limited');
      expect((await setAvatar(a)).statusCode).toBe(429);
    });

    it("answers an Idempotency-Key replayed on B with A's answer, and pays once", async () => {
      const { a, b } = servers;
      const { org } = await orgWithOperator(a);
      const fan = await createFan(a, org);
      const checkIn = (on: TestContext) =>
        on.app.inject({
          method: 'POST',
          url: '/api/checkin',
          headers: {
            'x-organization-token': org.publishableKey,
            authorization: `Bearer ${fan.accessToken}`,
            'idempotency-key': `two-servers-${fan.user.id}`,
          },
          payload: {},
        });
      const first = await checkIn(a);
      expect(first.statusCode).toBe(200);
      expect(first.json().pointsAwarded).toBe(10);
      const replay = await checkIn(b);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      expect((await ledgerLines(a, fan)).map((l) => l.amount)).toEqual([10]);
    });
  });
}
