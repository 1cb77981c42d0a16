/**
 * The write limit for each write path's own SQL (decision 013, amendment of 2026-12-07): on a
 * copy of the freshly seeded database, the production server answers each write path's calls for
 * fans the load never uses while every statement it sends is recorded (statement-capture.ts);
 * pgbench then replays the statements of those calls' transactions for the calls the load made, at
 * the same connections, with no HTTP, validation, auth or JavaScript in front
 * (statement-replay.ts). The copy is dropped after, so the load's own database stays as seeded.
 */
import pg from 'pg';
import { openDatabase } from '../src/db/engine.ts';
import { adminQuery, databaseUrlFor, dropDatabase } from './bench-database.ts';
import { checkLedgerInvariant, type Invariant } from './invariant.ts';
import { type PgbenchLatency, pgbench, pgbenchLatency } from './ledger-limit.ts';
import { benchKeyPrefix, type LoadSpec, type PathDef } from './load-plan.ts';
import { fanId } from './seed.ts';
import { captureCalls, startRecordingServer } from './statement-capture.ts';
import { type ReplayCall, replayScript, transactionOf } from './statement-replay.ts';
import { createTargets, type Targets } from './targets.ts';

/** Fans seeded beyond the load's for the capture: the first warms each round, the others (both parities) are replayed. */
export const CAPTURE_FANS = 3;
/** Rounds captured: every poll and question once and a refusal after, four rounds of the draws. */
const CAPTURED_ROUNDS = 12;
/** Fewer transactions a client than this measure nothing (a run of a fraction of a second). */
const MIN_PER_CLIENT = 20;

export interface PathLimit {
  name: string;
  /** Transactions a second of the path's statements, after pgbench's first second; null when not measured. */
  tps: number | null;
  /** What one transaction cost the database's backends, CPU ms. */
  databaseCpuMs: number | null;
  /** pgbench's own latency per transaction: the database's floor for the path's p99. */
  latency: PgbenchLatency | null;
  transactions: number;
  /**
   * Ledger lines the replay wrote per transaction: what shows it wrote what the server's calls
   * write (a check-in, a poll answer and an entry one line each; a quiz one per question, all on
   * its last answer).
   */
  ledgerLinesPerTransaction: number | null;
  /** Rows inserted, updated or deleted per transaction (PostgreSQL's table statistics). */
  rowsWrittenPerTransaction: number | null;
  /** Rounds replayed, and the distinct statement sequences among them. */
  rounds: number;
  branches: number;
  /** Why `tps` is null, or what limited the run. */
  note?: string;
}

export interface PathLimitInput {
  adminUrl: string;
  /** The pristine database to copy (no connection may be open to it). */
  template: string;
  /** The server's environment, DATABASE_URL aside. */
  env: Record<string, string>;
  port: number;
  logFile: string;
  traceFile: string;
  serverRoot?: string;
  seed: { organizationId: string; operatorToken: string; publishableKey: string; fanTokens: string[] };
  /** The load's fans (the capture's come after them). */
  fans: number;
  clients: number;
  /**
   * The calls the load made on each path (warm-up included): the replay makes the same ones,
   * calls 0…n−1, so both do the same work (a quiz pays on its last question: a replay that went
   * further than the load would pay more often).
   */
  calls: Readonly<Record<string, number>>;
  paths: readonly PathDef[];
  targetsOf: (def: PathDef, targets: Targets) => Pick<LoadSpec, 'targets' | 'questions'>;
}

/**
 * Each path's limit, and the ledger invariant on the copy after every replay (a replay that
 * broke it would not be the server's writes).
 */
export async function measurePathLimits(
  input: PathLimitInput,
): Promise<{ limits: PathLimit[]; invariant: Invariant }> {
  const copy = `${input.template}_replay_${Date.now()}`;
  await adminQuery(input.adminUrl, `create database ${copy} template ${input.template} strategy = file_copy`);
  const databaseUrl = databaseUrlFor(input.adminUrl, copy);
  try {
    const captured = await capture(input, databaseUrl);
    const types = await parameterTypes(
      databaseUrl,
      captured.flatMap((p) => p.calls),
    );
    const limits: PathLimit[] = [];
    for (const { def, calls } of captured) limits.push(await replay(input, databaseUrl, def, calls, types));
    const database = await openDatabase({ databaseUrl, dataDir: null });
    try {
      return { limits, invariant: await checkLedgerInvariant(database.db, input.seed.organizationId) };
    } finally {
      await database.close();
    }
  } finally {
    await dropDatabase(input.adminUrl, copy);
  }
}

async function capture(input: PathLimitInput, databaseUrl: string) {
  const { fans, seed } = input;
  const server = await startRecordingServer(
    { ...input.env, DATABASE_URL: databaseUrl },
    input.port,
    input.logFile,
    input.traceFile,
    input.serverRoot,
  );
  try {
    const targets = await createTargets(server.url, seed.operatorToken, seed.publishableKey);
    // Places F+2 (warms), F and F+1 (both parities, replayed).
    const places = [fans + 2, fans, fans + 1].map((fan) => ({ fan, token: seed.fanTokens[fan]! }));
    const out: { def: PathDef; calls: ReplayCall[] }[] = [];
    for (const def of input.paths) {
      const spec: LoadSpec = {
        baseUrl: server.url,
        path: def,
        connections: 1,
        duration: 0,
        warmup: 0,
        organizationKey: seed.publishableKey,
        ...input.targetsOf(def, targets),
        keyPrefix: benchKeyPrefix(),
      };
      const calls = await captureCalls(spec, input.traceFile, places, CAPTURED_ROUNDS);
      out.push({
        def,
        calls: calls.filter((c) => c.fan !== fans + 2).map((c) => ({ ...c, fanId: fanId(c.fan + 1) })),
      });
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** Each replayed text's parameter types, as PostgreSQL infers them for the server's statement. */
async function parameterTypes(databaseUrl: string, calls: readonly ReplayCall[]) {
  const texts = new Set(
    calls.flatMap((c) => transactionOf(c.statements).map((s) => s.text)).filter((t) => /\$1\b/.test(t)),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const types = new Map<string, string[]>();
  try {
    for (const text of texts) {
      await client.query(`prepare paddock_replay_probe as ${text}`);
      const { rows } = await client.query<{ types: string[] }>(
        "select parameter_types::text[] as types from pg_prepared_statements where name = 'paddock_replay_probe'",
      );
      await client.query('deallocate paddock_replay_probe');
      types.set(text, rows[0]?.types ?? []);
    }
  } finally {
    await client.end();
  }
  return types;
}

async function replay(
  input: PathLimitInput,
  databaseUrl: string,
  def: PathDef,
  calls: ReplayCall[],
  parameterTypes: Map<string, string[]>,
): Promise<PathLimit> {
  const { fans, clients } = input;
  const plan = replayScript({ fans, clients, calls, parameterTypes });
  const shape = {
    name: def.name,
    rounds: plan.rounds,
    branches: plan.branches,
    ledgerLinesPerTransaction: null,
    rowsWrittenPerTransaction: null,
  };
  const made = input.calls[def.name] ?? 0;
  const total = Math.min(plan.supply ?? made, made);
  const perClient = Math.floor(total / clients);
  const limited = plan.supply !== null && plan.supply < made;
  const supplyNote = `${(plan.supply ?? 0).toLocaleString('en-US')} first writes (${fans.toLocaleString('en-US')} fans × ${plan.rounds} rounds)`;
  const unmeasured = (note: string): PathLimit => ({
    ...shape,
    tps: null,
    databaseCpuMs: null,
    latency: null,
    transactions: 0,
    note,
  });
  if (perClient < MIN_PER_CLIENT) {
    return unmeasured(
      limited ? `only ${supplyNote}` : `the load made only ${made.toLocaleString('en-US')} calls`,
    );
  }
  try {
    const linesBefore = await ledgerLines(databaseUrl);
    const rowsBefore = await rowsWritten(databaseUrl);
    const run = await pgbench(databaseUrl, plan.script, [
      '-c',
      String(clients),
      '-t',
      String(perClient),
      '-M',
      'prepared',
      '-D',
      'i=0',
    ]);
    const rate = logRate(run.logs, run.windows);
    const lines = (await ledgerLines(databaseUrl)) - linesBefore;
    const rows = (await rowsWritten(databaseUrl)) - rowsBefore;
    return {
      ...shape,
      ledgerLinesPerTransaction: rate.transactions > 0 ? lines / rate.transactions : null,
      rowsWrittenPerTransaction: rate.transactions > 0 ? rows / rate.transactions : null,
      tps: rate.tps,
      databaseCpuMs:
        run.backendSeconds === null || rate.inWindow === 0
          ? null
          : (1000 * run.backendSeconds) / rate.inWindow,
      latency: pgbenchLatency(run.logs),
      transactions: rate.transactions,
      ...(limited
        ? { note: `the load's first ${supplyNote} of its ${made.toLocaleString('en-US')} calls` }
        : {}),
    };
  } catch (error) {
    return unmeasured(`replay failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Rows inserted, updated and deleted in the database so far, from PostgreSQL's table statistics.
 * A backend reports them at most once a second and when it ends (pgbench's have, once it exits);
 * a server's pooled connections stay, so the bench waits a second before reading after a load.
 */
async function rowsWritten(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string | null }>(
      'select sum(n_tup_ins + n_tup_upd + n_tup_del)::bigint as n from pg_stat_user_tables',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function ledgerLines(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from point_transactions')).rows[0]!
      .n;
  } finally {
    await client.end();
  }
}

/**
 * Transactions a second from pgbench's per-transaction logs (`client transaction latency_us
 * script epoch_s epoch_us`), leaving out the first second as the server's paths leave out their
 * warm-up (the whole run when it lasted under two seconds), and how many ended inside the CPU
 * windows (ledger-limit.ts, cpuWindows).
 */
export function logRate(logs: readonly string[], windows: readonly (readonly [number, number])[]) {
  const ends: number[] = [];
  for (const log of logs) {
    for (const line of log.split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f.length < 6) continue;
      const end = Number(f[4]) + Number(f[5]) / 1e6;
      if (Number.isFinite(end)) ends.push(end);
    }
  }
  const first = ends.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const last = ends.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  const inWindow = ends.filter((e) => windows.some(([from, to]) => e > from && e <= to)).length;
  if (ends.length === 0) return { tps: null, transactions: 0, inWindow };
  const start = last - first >= 2 ? first + 1 : first;
  const kept = ends.filter((e) => e >= start).length;
  const seconds = last - start;
  return { tps: seconds > 0 ? kept / seconds : null, transactions: ends.length, inWindow };
}
