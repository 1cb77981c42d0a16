import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/engine.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createOrganization } from './modules/organization/organization-create.ts';
import { canRunThrowawayPostgres, freePort, startThrowawayPostgres } from './test/throwaway-postgres.ts';

/**
 * The server as users run it, in its own process (decision 014, decision 016): a graceful stop
 * loses no request in flight; WORKERS=N serves from N processes that migrate and seed once and
 * share the signing keys.
 */
const entry = path.resolve(import.meta.dirname, 'main.ts');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${env.PORT}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = async () => {
    for (let i = 0; i < 2400; i++) {
      if (output.includes('Paddock is running')) return;
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${output}`);
  };
  return { child, exited, running, output: () => output };
}

/** One HTTP request on a new connection (so cluster spreads them over the workers). */
function call(
  port: number,
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: url, agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Process-level: run once, in the PGlite project (the postgres project would only repeat it).
const once = Boolean(process.env.TEST_DATABASE_URL);
const SLOW = { timeout: 360_000 };

describe.skipIf(once)('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0', SLOW, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-life-'));
    // A team made beforehand in the same embedded database (faster than seeding the demo).
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    const { publishableKey: key } = await createOrganization(database.db, {
      slug: 'late-team',
      name: 'Late Team',
    });
    await database.close();
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      await server.running();
      // A sign-up whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: 'late-fan@example.com', password: 'grid-walk-7431' });
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/auth/v1/signup',
            agent: false,
            headers: {
              apikey: key,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          server.child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 500);
        }, 300);
      });
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(JSON.parse(answered.body).user.email).toBe('late-fan@example.com');
      expect(await server.exited).toBe(0);
      await expect(call(port, 'GET', '/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(once || !canRunThrowawayPostgres)('WORKERS=N on one PostgreSQL', () => {
  it('refuses WORKERS > 1 on the embedded database, saying why', SLOW, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-life-'));
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, WORKERS: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WORKERS=2 needs DATABASE_URL/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    '4 workers: migrate and seed once, share signing keys, and stop together with exit 0',
    SLOW,
    async () => {
      const postgres = await startThrowawayPostgres();
      const port = await freePort();
      const server = startServer({
        PORT: String(port),
        DATABASE_URL: postgres.url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'paddock-life-')),
        WORKERS: '4',
        METRICS_TOKEN: 'cluster-metrics-token-1234',
        // Four fresh processes on two cores shared with the rest of the suite can lag past the
        // overload guard's second while they warm up, and answer 503 overloaded (seen once in
        // CI); the guard has its own tests (overload.test.ts), this one is about the cluster.
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      });
      try {
        await server.running();
        const pids = execFileSync('pgrep', ['-P', String(server.child.pid), '-f', 'main.ts'])
          .toString()
          .trim()
          .split('\n');
        expect(pids).toHaveLength(4);
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        const orgs = await client.query('select count(*)::int as n from organizations');
        const migrations = await client.query(
          'select count(*)::int as n, count(distinct name)::int as d from kysely_migration',
        );
        await client.end();
        expect(orgs.rows[0].n).toBe(1);
        expect(migrations.rows[0].n).toBe(migrations.rows[0].d);

        const key = JSON.parse((await call(port, 'GET', '/config.json')).body).organizationKey as string;
        const signIn = await call(
          port,
          'POST',
          '/auth/v1/token?grant_type=password',
          JSON.stringify({ email: 'fan@paddock.demo', password: 'paddock-fan-2026' }),
          { apikey: key, 'content-type': 'application/json' },
        );
        expect(signIn.status).toBe(200);
        const token = JSON.parse(signIn.body).access_token as string;
        // Twelve new connections land on every worker: each accepts a token another one signed.
        const answers = await Promise.all(
          Array.from({ length: 12 }, () =>
            call(port, 'GET', '/auth/v1/user', undefined, { apikey: key, authorization: `Bearer ${token}` }),
          ),
        );
        expect(
          answers.map((a) => a.status),
          answers.map((a) => a.body).join('\n'),
        ).toEqual(Array(12).fill(200));

        const metrics = await call(port, 'GET', '/metrics', undefined, {
          authorization: 'Bearer cluster-metrics-token-1234',
        });
        expect(metrics.status).toBe(200);
        const served =
          /paddock_http_request_duration_seconds_count\{method="GET",route="\/auth\/v1\/user",status_code="200"\} (\d+)/.exec(
            metrics.body,
          );
        // Aggregated over the workers by the primary: all twelve, whichever worker answered.
        expect(Number(served?.[1])).toBe(12);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        for (const pid of pids) expect(() => process.kill(Number(pid), 0)).toThrow();
      } finally {
        postgres.destroy();
      }
    },
  );
});
