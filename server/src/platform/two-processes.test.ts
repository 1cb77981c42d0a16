import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/engine.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { migrations } from '../db/migrations/index.ts';
import { makeChallenge, orgWithFan } from '../test/challenge-fixtures.ts';
import { collectBroadcasts, realtimeClient, subscribe } from '../test/realtime-fixtures.ts';
import { apiCall, onRealPostgres, TEST_DATABASE_URL } from '../test/test-app.ts';
import { BUSES, redisReachable, useTwoServers } from '../test/services.ts';

/**
 * The scale-out two-process checks (decision 016) that the caches test (organization/caches-across-processes)
 * does not cover: a session made on one process refreshes on the other, a live event crosses
 * over Redis too, and two processes starting on an empty database migrate it once.
 */
const redisUp = onRealPostgres && (await redisReachable());

for (const bus of BUSES) {
  describe.runIf(onRealPostgres && (bus === 'postgres' || redisUp))(`two servers, bus over ${bus}`, () => {
    const servers = useTwoServers(bus);

    it('a session signed in on A refreshes on B, and the new access token works on A', async () => {
      const { a, b } = servers;
      const { org, fan } = await orgWithFan(a);
      const refreshed = await b.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { apikey: org.publishableKey },
        payload: { refresh_token: fan.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      const session = refreshed.json();
      expect(session.user.id).toBe(fan.user.id);
      expect(session.refresh_token).not.toBe(fan.refreshToken);
      const me = await apiCall(a, { ...fan, accessToken: session.access_token }, 'GET', '/api/user/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().userId).toBe(fan.user.id);
    });

    it("an answer on A reaches a fan's live channel on B", async () => {
      const { a, b } = servers;
      expect(b.deps.events.kind).toBe(bus);
      const { org, fan } = await orgWithFan(a);
      const poll = await makeChallenge(a, org, { subtype: 'poll' });
      const base = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const client = await realtimeClient(base, org, fan.accessToken);
      try {
        const mine = client.channel(`fan:${fan.user.id}`, { config: { private: true } });
        const awarded = collectBroadcasts(mine, 'points_awarded');
        expect((await subscribe(mine).first()).status).toBe('SUBSCRIBED');
        const answered = await apiCall(a, fan, 'POST', `/api/challenge/${poll.challengeId}`, {
          responseIndex: 0,
        });
        expect(answered.statusCode).toBe(200);
        expect((await awarded.until(1))[0]).toMatchObject({ amount: 10, points: 10 });
      } finally {
        await client.disconnect();
      }
    });
  });
}

describe.runIf(onRealPostgres)('processes starting together on an empty database', () => {
  const name = `paddock_migrate_${randomUUID().slice(0, 8)}`;
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });
  const url = () => {
    const u = new URL(TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database "${name}"`);
    await c.end();
  });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });

  it('migrate it once: four starts at the same moment, one runs every migration, the others wait and find none', async () => {
    const handles = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url(), poolSize: 2 })),
    );
    try {
      const applied = await Promise.all(handles.map((h) => migrateToLatest(h.db)));
      const all = Object.keys(migrations).sort();
      expect(applied.map((list) => list.length).sort((x, y) => x - y)).toEqual([0, 0, 0, all.length]);
      expect(applied.flat().sort()).toEqual(all);
      const rows = await handles[0]!.db
        .selectFrom('kyselyMigration' as never)
        .select('name' as never)
        .execute();
      expect(rows).toHaveLength(all.length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
