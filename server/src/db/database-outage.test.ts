import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorBody } from '../platform/errors.ts';
import { ledgerMismatches } from '../test/points.ts';
import {
  apiCall,
  createFan,
  createOrg,
  createTestApp,
  onRealPostgres,
  type TestContext,
  type TestFan,
} from '../test/test-app.ts';
import {
  canRunThrowawayPostgres,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../test/throwaway-postgres.ts';

// Decision 014. These tests stop and kill a PostgreSQL cluster of their
// own; they run once, in the PGlite project, since they bring their own server.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How many ledger postings each fan of the organization has (the check-in must land once each). */
const postingsPerFan = (t: TestContext, organizationId: string) =>
  t.db
    .selectFrom('pointTransactions')
    .select(['userId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('organizationId', '=', organizationId)
    .groupBy('userId')
    .execute();

describe.skipIf(onRealPostgres || !canRunThrowawayPostgres)(
  'finding 1: a PostgreSQL outage kills the server for good',
  () => {
    let pg: ThrowawayPostgres;
    let t: TestContext;
    beforeAll(async () => {
      pg = await startThrowawayPostgres();
      // The production wait for a connection: an outage must answer 503 within it.
      t = await createTestApp({ DATABASE_URL: pg.url, DATABASE_POOL_WAIT_MS: '3000' });
      t.clock.set(new Date());
    }, 120_000);
    afterAll(async () => {
      await t?.close().catch(() => {});
      pg?.destroy();
    });

    it('answers 503 database_unavailable with Retry-After while the database is stopped, keeps /health green, and recovers by itself', async () => {
      const org = await createOrg(t);
      const fans = await Promise.all(Array.from({ length: 8 }, () => createFan(t, org)));
      const statuses: { status: number; code?: string; retryAfter?: string }[] = [];
      let running = true;
      const load = fans.map(async (fan, i) => {
        while (running) {
          const res = await apiCall(t, fan, i % 2 ? 'GET' : 'POST', '/api/checkin', i % 2 ? undefined : {});
          statuses.push({
            status: res.statusCode,
            code: res.json().code,
            retryAfter: res.headers['retry-after'] as string | undefined,
          });
          await sleep(20);
        }
      });
      await sleep(300);
      pg.stop();
      await sleep(500);

      const down = await apiCall(t, fans[1] as TestFan, 'GET', '/api/checkin');
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('database_unavailable');
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
      const authDown = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: org.publishableKey },
        payload: { email: fans[0]?.user.email, password: 'correct-horse-battery' },
      });
      expect(authDown.statusCode).toBe(503);
      expect(authDown.headers['retry-after']).toBeDefined();
      expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(503);
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

      pg.start();
      const back = Date.now();
      for (;;) {
        const ready = await t.app.inject({ url: '/ready' });
        if (ready.statusCode === 200) break;
        expect(Date.now() - back).toBeLessThan(10_000);
        await sleep(100);
      }
      const recovered = await apiCall(t, fans[1] as TestFan, 'GET', '/api/checkin');
      expect(recovered.statusCode).toBe(200);
      running = false;
      await Promise.all(load);

      // Every answer under load was a success, the once-a-day refusal or the clean 503.
      const unexpected = statuses.filter((s) => ![200, 422, 503].includes(s.status));
      expect(unexpected).toEqual([]);
      const unavailable = statuses.filter((s) => s.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(unavailable.every((s) => s.code === 'database_unavailable' && s.retryAfter)).toBe(true);
      // Nothing written twice or half: one check-in per fan at most, balances equal ledgers.
      expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
      const perFan = await postingsPerFan(t, org.id);
      expect(perFan.every((r) => Number(r.n) === 1)).toBe(true);
    }, 60_000);

    it('ends a statement slower than DATABASE_STATEMENT_TIMEOUT_MS and answers it as 503, not 500', async () => {
      const slow = await createTestApp({ DATABASE_URL: pg.url, DATABASE_STATEMENT_TIMEOUT_MS: '200' });
      try {
        const started = Date.now();
        const error = await sql`select pg_sleep(5)`.execute(slow.db).then(
          () => null,
          (e: unknown) => e,
        );
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(toErrorBody(error)).toMatchObject({ status: 503, body: { code: 'database_unavailable' } });
      } finally {
        await slow.close();
      }
    });

    it('after kill -9 under load and a restart, every balance equals its ledger and no success lacks its row', async () => {
      const org = await createOrg(t);
      const fans = await Promise.all(Array.from({ length: 30 }, () => createFan(t, org)));
      const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-kill-'));
      const port = pg.port + 1000 + Math.floor(Math.random() * 1000);
      const env = {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        // Crash consistency is the subject here: a loaded CI machine must not turn retries into
        // 503 overloaded (overload protection has its own test, platform/overload.test.ts).
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
        JWT_PRIVATE_JWK: t.deps.config.secrets.jwtPrivateJwk,
        APP_SECRET: t.deps.config.secrets.appSecret,
        // The issuer of the test app's tokens, so the fans' sessions are valid here too.
        SITE_URL: t.deps.config.SITE_URL ?? `http://localhost:${t.deps.config.PORT}`,
      };
      const base = `http://127.0.0.1:${port}`;
      const serverEntry = path.resolve(import.meta.dirname, '../main.ts');
      const startServer = async (): Promise<ChildProcess> => {
        const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env, stdio: 'ignore' });
        const deadline = Date.now() + 120_000;
        for (;;) {
          const ok = await fetch(`${base}/ready`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) return child;
          if (child.exitCode !== null || Date.now() > deadline) throw new Error('server did not start');
          await sleep(200);
        }
      };
      const checkIn = (fan: TestFan) =>
        fetch(`${base}/api/checkin`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-organization-token': org.publishableKey,
            authorization: `Bearer ${fan.accessToken}`,
          },
          body: '{}',
        }).then(
          (r) => r.status,
          () => 0,
        );
      try {
        const first = await startServer();
        const firstRound = fans.map((fan) => checkIn(fan));
        await sleep(40);
        first.kill('SIGKILL');
        const statuses = await Promise.all(firstRound);
        const succeeded = fans.filter((_, i) => statuses[i] === 200);

        const second = await startServer();
        try {
          // Every fan retries; only those whose first try did not land may be paid now.
          const retried = await Promise.all(fans.map((fan) => checkIn(fan)));
          expect(retried.filter((s) => s !== 200 && s !== 422)).toEqual([]);
          for (const fan of succeeded) expect(retried[fans.indexOf(fan)]).toBe(422);
        } finally {
          second.kill('SIGKILL');
        }
        expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
        const rows = await postingsPerFan(t, org.id);
        expect(rows).toHaveLength(fans.length);
        expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 300_000);
  },
);
