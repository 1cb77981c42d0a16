import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from '../src/auth/session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from '../src/auth/signing-keys.ts';
import { openDatabase } from '../src/db/engine.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { systemClock } from '../src/platform/clock.ts';
import { topSelfTime } from './cpu-profile.ts';
import { checkLedgerInvariant } from './invariant.ts';
import { pgbenchLatency, pgbenchScript } from './ledger-limit.ts';
import { type LoadResult, type LoadSpec, nextRequest, PATHS } from './load-plan.ts';
import { parseOptions, workerCounts } from './options.ts';
import {
  formatTable,
  higherLimit,
  mergePathLimits,
  pathLimitLine,
  pathResult,
  type RunResult,
} from './report.ts';
import { SEASON_BALANCE, seedBench } from './seed.ts';

const pathNamed = (name: string) => PATHS.find((p) => p.name === name)!;

describe('bench command line', () => {
  it('defaults to PostgreSQL, 1,000 fans, 10 s per path after a 2 s warm-up, 50 connections', () => {
    const o = parseOptions([], {});
    expect(o).toMatchObject({
      engines: ['postgres'],
      sizes: [1000],
      duration: 10,
      warmup: 2,
      connections: 50,
      idempotencyKeys: true,
    });
    expect(parseOptions(['--no-idempotency-keys'], {}).idempotencyKeys).toBe(false);
  });

  it('--quick is 2 s per path on 1,000 fans; --sizes runs several sizes; both engines on request', () => {
    expect(parseOptions(['--quick', '--sizes', '10000'], {})).toMatchObject({ sizes: [1000], duration: 2 });
    expect(parseOptions(['--sizes', '1000,10000,100000', '--engine', 'both'], {})).toMatchObject({
      sizes: [1000, 10_000, 100_000],
      engines: ['postgres', 'pglite'],
    });
  });

  it('--workers N compares one process with N; a list measures each; a bare flag means one per core', () => {
    expect(parseOptions([], {}, 2).workers).toEqual([]);
    expect(parseOptions(['--workers', '2'], {}, 2).workers).toEqual([1, 2]);
    expect(parseOptions(['--workers', '4,1,2,2'], {}, 2).workers).toEqual([1, 2, 4]);
    expect(parseOptions(['--workers', '--quick'], {}, 2)).toMatchObject({ workers: [1, 2], quick: true });
    expect(parseOptions(['--workers'], {}, 8).workers).toEqual([1, 8]);
    // `npm run bench --workers` (no `--`) reaches the script as npm_config_workers.
    expect(parseOptions([], { npm_config_workers: 'true' }, 2).workers).toEqual([1, 2]);
    expect(parseOptions([], { npm_config_workers: '3' }, 2).workers).toEqual([1, 3]);
  });

  it('refuses worker counts that are not whole numbers from 1 to 64, and several on PGlite', () => {
    expect(() => parseOptions(['--workers', '0'], {})).toThrow(/whole numbers from 1 to 64/);
    expect(() => parseOptions(['--workers', '1.5'], {})).toThrow(/whole numbers/);
    expect(() => parseOptions(['--workers', 'two'], {})).toThrow(/whole numbers/);
    expect(() => parseOptions(['--workers', '2', '--engine', 'both'], {})).toThrow(/needs PostgreSQL/);
    expect(workerCounts('1', 2)).toEqual([1]);
  });

  it('--compare measures another checkout on the same seed, --rounds times; not with --workers', () => {
    expect(parseOptions([], {})).toMatchObject({ compareRoot: undefined, rounds: 1 });
    expect(parseOptions(['--compare', '/tmp/main', '--rounds', '2'], {})).toMatchObject({
      compareRoot: '/tmp/main',
      rounds: 2,
    });
    expect(() => parseOptions(['--compare'], {})).toThrow(/--compare needs a value/);
    expect(() => parseOptions(['--rounds', '0'], {})).toThrow(/--rounds must be a positive number/);
    expect(() => parseOptions(['--compare', '/tmp/main', '--workers', '2'], {}, 2)).toThrow(/pick one/);
  });

  it('refuses an unknown flag and a fan count outside the three sizes', () => {
    expect(() => parseOptions(['--fast'], {})).toThrow(/Unknown flag --fast/);
    expect(() => parseOptions(['--fans', '500'], {})).toThrow(/1000, 10000 or 100000/);
  });
});

describe('the race-day mix', () => {
  const tokens = ['t0', 't1', 't2'];
  /** One connection for one second against a dummy host: only the request sequence matters here. */
  const specFor = (name: string, rest: Partial<LoadSpec>): LoadSpec => ({
    baseUrl: 'http://x',
    path: pathNamed(name),
    connections: 1,
    duration: 1,
    warmup: 0,
    ...rest,
  });

  it('rotates over every fan first, then each fan moves on to the next poll', () => {
    const spec = specFor('POST /api/challenge/{poll}', { organizationKey: 'pk', targets: ['p1', 'p2'] });
    const calls = [0, 1, 2, 3].map((n) => nextRequest(spec, n, tokens));
    expect(calls.map((c) => c.headers.authorization)).toEqual([
      'Bearer t0',
      'Bearer t1',
      'Bearer t2',
      'Bearer t0',
    ]);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/challenge/p1',
      '/api/challenge/p1',
      '/api/challenge/p1',
      '/api/challenge/p2',
    ]);
    expect(calls[0]!.headers['x-organization-token']).toBe('pk');
  });

  it('gives every write its own Idempotency-Key, as the fan app does, and reads none', () => {
    const spec = specFor('POST /api/checkin', { keyPrefix: 'bench-k' });
    const keys = [0, 1, 2, 3, 4, 5].map((n) => nextRequest(spec, n, tokens).headers['idempotency-key']);
    expect(keys).toEqual([
      'bench-k-0-0',
      'bench-k-0-1',
      'bench-k-0-2',
      'bench-k-1-0',
      'bench-k-1-1',
      'bench-k-1-2',
    ]);
    expect(keys.every((k) => /^[A-Za-z0-9_.:-]{8,128}$/.test(k!))).toBe(true);
    const read = specFor('GET /api/user/me', { keyPrefix: 'bench-k' });
    expect(nextRequest(read, 0, tokens).headers['idempotency-key']).toBeUndefined();
    expect(
      nextRequest(specFor('POST /api/checkin', {}), 0, tokens).headers['idempotency-key'],
    ).toBeUndefined();
  });

  it('walks the trivia questions and then changes each answer', () => {
    const spec = specFor('POST /api/challenge/{trivia}', { targets: ['quiz'], questions: ['q1', 'q2'] });
    const bodies = [0, 3, 6, 9].map((n) => JSON.parse(nextRequest(spec, n, tokens).body!));
    expect(bodies).toEqual([
      { questionId: 'q1', responseIndex: 0 },
      { questionId: 'q2', responseIndex: 0 },
      { questionId: 'q1', responseIndex: 1 },
      { questionId: 'q2', responseIndex: 1 },
    ]);
  });
});

describe('the figures', () => {
  const load: LoadResult = {
    requests: 1000,
    warmupRequests: 200,
    seconds: 10,
    rps: 100,
    p50: 4,
    p99: 31.5,
    max: 1200,
    statusCodes: { '200': 900, '422': 80, '429': 5, '500': 5 },
    socketErrors: 2,
    timeouts: 1,
    nextIndex: 1000,
  };
  const limits = {
    fastifyRps: 10_000,
    ledgerTps: 400,
    ledgerSource: 'pgbench, 50 clients',
    ledgerDatabaseCpuMs: 0.5,
  };

  it('counts the expected refusals apart from errors, and compares writes with the ledger limit', () => {
    const write = pathResult('POST /api/checkin', 'write', load, limits, 150, 3);
    expect(write).toMatchObject({ ok: 900, refused: 80, errors: 13, ofLimit: 25, cpuMsPerRequest: 2.5 });
    // Scaling counts what was served: not the 429s, 5xx or sheds.
    expect(write.servedRps).toBe(98);
    expect(pathResult('GET /api/user/me', 'read', load, limits, 150).ofLimit).toBe(1);
  });

  it('prints one row per path and says loudly when the ledger invariant broke', () => {
    const run: RunResult = {
      engine: 'postgres',
      fans: 10_000,
      seedSeconds: 2.5,
      tokenSeconds: 1,
      limits,
      // 3 s of server CPU and 1.8 s of the database's backends over 1,200 requests (warm-up included).
      paths: [pathResult('POST /api/checkin', 'write', load, limits, 150, 3, null, 1.8)],
      invariant: { fans: 10_001, mismatched: 3 },
      peakRssMb: 180,
    };
    const table = formatTable(run);
    expect(table).toContain('### PostgreSQL, 10,000 fans');
    expect(table).toMatch(/\| % of limit \| % of award \| CPU ms\/req \| DB CPU ms\/req \| RSS MB \|/);
    expect(table).toMatch(
      /\| POST \/api\/checkin \|\s+100 \|\s+4\.0 \|\s+32 \|\s+1,200 \|\s+900 \|\s+80 \|\s+13 \|\s+25 % \|\s+25 % \|\s+2\.50 \|\s+1\.50 \|\s+150 \|/,
    );
    expect(table).toContain('ledger write 400 TPS (pgbench, 50 clients, 0.50 DB CPU ms per award)');
    const measured = { ...limits, ledgerLatency: { p50: 21.4, p99: 148, max: 310 } };
    expect(formatTable({ ...run, limits: measured })).toContain(
      'ledger write 400 TPS (pgbench, 50 clients, 0.50 DB CPU ms per award, p50 21 / p99 148 ms per award)',
    );
    expect(table).toContain('Ledger invariant BROKEN: 3 of 10,001 balances differ from their ledger');
    expect(formatTable({ ...run, invariant: { fans: 10_001, mismatched: 0 } })).toContain(
      'every balance equals its ledger',
    );
  });

  it('judges a ratio against the higher of a limit measured before and after the paths, and says so', () => {
    expect(higherLimit([29_051, 18_383])).toBe(29_051);
    expect(higherLimit([null, 754, 1_200])).toBe(1_200);
    expect(higherLimit([null])).toBeNull();
    const twice = {
      ...limits,
      fastifyRps: higherLimit([18_383, 29_051]),
      ledgerTps: higherLimit([400, 300]),
      measured: { fastifyRps: [18_383, 29_051], ledgerTps: [400, 300] },
    };
    // 100 req/s against the higher bare Fastify (29,051), not the 18,383 of a slow minute.
    expect(pathResult('GET /api/user/me', 'read', load, twice, 150).ofLimit).toBeCloseTo(
      (100 * 100) / 29_051,
      6,
    );
    const table = formatTable({
      engine: 'postgres',
      fans: 1_000,
      seedSeconds: 1,
      tokenSeconds: 1,
      limits: twice,
      paths: [],
      invariant: null,
      peakRssMb: null,
    });
    expect(table).toContain(
      'Limits: bare Fastify 29,051 req/s (the higher of 18,383 before and 29,051 after the paths); ledger write 400 TPS (the higher of 400 before and 300 after the paths)',
    );
  });

  it("judges a write against its own statements under pgbench, the higher measurement, the award's beside it", () => {
    const own = (tps: number | null, p99 = 40) => ({
      name: 'POST /api/challenge/{poll}',
      tps,
      databaseCpuMs: 0.8,
      latency: { p50: 20, p99, max: 90 },
      transactions: 9_000,
      ledgerLinesPerTransaction: 1,
      rowsWrittenPerTransaction: 5,
      rounds: 10,
      branches: 2,
    });
    const paths = mergePathLimits([[own(180)], [own(250, 52)]]);
    expect(paths['POST /api/challenge/{poll}']).toMatchObject({ tps: 250, measured: [180, 250] });
    const judged = { ...limits, paths };
    const answers = { ...load, statusCodes: { '200': 1000 } };
    // 100 answers a second: 40 % of the poll's own SQL (250 TPS), 25 % of the award (400 TPS).
    expect(pathResult('POST /api/challenge/{poll}', 'write', answers, judged, 150)).toMatchObject({
      ofLimit: 40,
      ofAwardLimit: 25,
      limitKind: 'own SQL',
    });
    // A path without its own figure falls back to the award's; one mostly refused gets none.
    expect(pathResult('POST /api/sweepstake/{id}/entry', 'write', answers, judged, 150).ofLimit).toBe(25);
    const refusals = { ...load, statusCodes: { '200': 10, '422': 990 } };
    const checkins = {
      ...judged,
      paths: { 'POST /api/checkin': { ...own(250), name: 'POST /api/checkin', measured: [250] } },
    };
    expect(pathResult('POST /api/checkin', 'write', refusals, checkins, 150)).toMatchObject({
      ofLimit: null,
      ofAwardLimit: 25,
    });
    const table = formatTable({
      engine: 'postgres',
      fans: 1_000,
      seedSeconds: 1,
      tokenSeconds: 1,
      limits: judged,
      paths: [],
      invariant: null,
      peakRssMb: null,
    });
    expect(table).toContain(
      "- POST /api/challenge/{poll}: 250 TPS (the higher of 180 and 250), 0.80 DB CPU ms each, pgbench's own p50 20 / p99 52 ms",
    );
    const failed = { ...own(null), note: 'replay failed: pgbench failed' };
    expect(pathLimitLine(failed)).toBe(
      "pgbench, POST /api/challenge/{poll}'s own statements: not measured (replay failed: pgbench failed)",
    );
  });

  it('ranks functions of a CPU profile by self time, leaving idle time out', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)') },
        { id: 2, callFrame: frame('verify', 'file:///repo/server/src/auth/session-tokens.ts') },
        { id: 3, callFrame: frame('parse', 'file:///repo/node_modules/zod/index.js') },
      ],
      samples: [1, 2, 3, 2, 1],
      timeDeltas: [5000, 3000, 1000, 3000, 9000],
    };
    expect(topSelfTime(profile, 15, '/repo')).toEqual([
      { fn: 'verify (server/src/auth/session-tokens.ts:10)', ms: 6, percent: (100 * 6) / 7 },
      { fn: 'parse (zod/index.js:10)', ms: 1, percent: 100 / 7 },
    ]);
  });

  it('has pgbench run the award statements of the ledger on a seeded fan', () => {
    const script = pgbenchScript('org-1', 1000);
    expect(script).toContain('\\set n random(1, 1000)');
    expect(script).toMatch(/insert into point_transactions .* on conflict \(user_id, once_key\)/);
    expect(script).toMatch(/update users set points = points \+ 1,.* and points \+ 1 >= 0/);
  });

  it("reads pgbench's own latency per award from its transaction logs, after its first second", () => {
    // client, transaction, latency µs, script, end epoch s, µs: two threads' logs.
    const first = [
      '0 0 900000 0 1795800000 100000', // in the first second: connection warm-up, left out
      '0 1 10000 0 1795800001 200000',
      '0 2 20000 0 1795800001 300000',
      '',
    ].join('\n');
    const second = ['1 0 30000 0 1795800001 400000', '1 1 148000 0 1795800002 0', 'not a log line'].join(
      '\n',
    );
    expect(pgbenchLatency([first, second])).toEqual({ p50: 30, p99: 148, max: 148 });
    expect(pgbenchLatency(['', 'garbage'])).toBeNull();
  });
});

describe('seed and ledger invariant', () => {
  // Migrating an in-memory PGlite from scratch takes most of this test; a loaded machine needs longer than the default.
  it('seeds fans whose balance is their season of ledger rows, with the badges it earned, and catches a balance that drifts', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      await migrateToLatest(database.db);
      const keys = await loadSigningKeys(await generatePrivateJwk());
      const tokens = new SessionTokens(keys, systemClock, 3600, 'http://bench/auth/v1');
      const seed = await seedBench(database.db, tokens, 3);
      expect(seed.fanTokens).toHaveLength(3);
      const fan = await tokens.verify(seed.fanTokens[0]!);
      const row = await database.db
        .selectFrom('users')
        .select(['points', 'email'])
        .where('id', '=', fan.sub)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ points: SEASON_BALANCE, email: 'fan1@bench.local' });
      // Ten days in a row earned the season's participation badge and the 7-day streak's.
      const badges = await database.db
        .selectFrom('userBadges')
        .innerJoin('milestoneBadges', 'milestoneBadges.badgeId', 'userBadges.badgeId')
        .select('milestoneBadges.key')
        .where('userBadges.userId', '=', fan.sub)
        .orderBy('milestoneBadges.key')
        .execute();
      expect(badges.map((b) => b.key)).toEqual(['season_participation', 'streak_7']);
      expect(await checkLedgerInvariant(database.db, seed.organizationId)).toEqual({
        fans: 4,
        mismatched: 0,
      });

      await sql`update users set points = points + 1 where id = ${fan.sub}`.execute(database.db);
      expect(await checkLedgerInvariant(database.db, seed.organizationId)).toEqual({
        fans: 4,
        mismatched: 1,
      });
    } finally {
      await database.close();
    }
  }, 120_000);
});
