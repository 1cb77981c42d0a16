import { connect } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/** The Redis the two-process tests use: TEST_REDIS_URL, else the machine's own on 6379. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers at the URL's host and port (tests over Redis run only where one does). */
export function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether the two-server suites run: on PostgreSQL, and over Redis only where one answers. */
export const BUSES = ['postgres', 'redis'] as const;
export type Bus = (typeof BUSES)[number];

/**
 * Two server instances on one PostgreSQL with their own pools, caches and bus connections, as
 * two processes behind a load balancer (decision 016), created before the suite's tests and
 * closed after them; one clock for both, as two machines share real time. Read `a` and `b`
 * inside tests.
 */
export function useTwoServers(bus: Bus, env: Record<string, string> = {}) {
  const servers: { a?: TestContext; b?: TestContext } = {};
  beforeAll(async () => {
    const own = { ...env, ...(bus === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}) };
    const [a, b] = await Promise.all([createTestApp(own), createTestApp(own)]);
    const now = new Date();
    a.clock.set(now);
    b.clock.set(now);
    Object.assign(servers, { a, b });
  });
  afterAll(async () => {
    await servers.a?.close();
    await servers.b?.close();
  });
  const ready = (t: TestContext | undefined) => {
    if (!t) throw new Error('useTwoServers: the servers exist inside tests and hooks only');
    return t;
  };
  return {
    get a() {
      return ready(servers.a);
    },
    get b() {
      return ready(servers.b);
    },
  };
}
