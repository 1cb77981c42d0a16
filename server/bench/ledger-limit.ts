/**
 * The write limit: the statements postPoints runs for one award (modules/ledger/ledger-service.ts:
 * the once-only insert, then the guarded balance update, in one transaction), straight to the
 * database with no HTTP, validation or auth in front.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../src/db/engine.ts';
import { backendCpu, backendSecondsBetween } from './database-cpu.ts';
import { quantile } from './quantile.ts';
import { fanIdSql } from './seed.ts';

/** The pgbench script: a random seeded fan, then the award exactly as the server writes it. */
export function pgbenchScript(organizationId: string, fans: number): string {
  const fan = fanIdSql(':n');
  return [
    `\\set n random(1, ${fans})`,
    'begin;',
    `insert into point_transactions (organization_id, user_id, amount, kind, reference, description, once_key) values ('${organizationId}', ${fan}, 1, 'bench', null, 'pgbench award', null) on conflict (user_id, once_key) where once_key is not null do nothing returning id;`,
    `update users set points = points + 1, lifetime_points = lifetime_points + 1 where id = ${fan} and organization_id = '${organizationId}' and points + 1 >= 0 returning points, lifetime_points;`,
    'end;',
    '',
  ].join('\n');
}

export function pgbenchBinary(): string {
  const packaged = '/usr/lib/postgresql/15/bin/pgbench';
  return existsSync(packaged) ? packaged : 'pgbench';
}

/** pgbench's own latency for one award transaction, ms, as the bench reports a path's. */
export interface PgbenchLatency {
  p50: number;
  p99: number;
  max: number;
}

/**
 * The latencies in pgbench's per-transaction logs (`--log`: one line per transaction,
 * `client transaction latency_us script epoch_s epoch_us`), leaving out the transactions that
 * ended in the run's first second, as the server's paths leave out their warm-up. Null when no
 * line remains.
 */
export function pgbenchLatency(logs: readonly string[]): PgbenchLatency | null {
  const ends: number[] = [];
  const latencies: number[] = [];
  for (const log of logs) {
    for (const line of log.split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f.length < 6) continue;
      const latencyUs = Number(f[2]);
      const end = Number(f[4]) + Number(f[5]) / 1e6;
      if (!Number.isFinite(latencyUs) || !Number.isFinite(end)) continue;
      ends.push(end);
      latencies.push(latencyUs / 1000);
    }
  }
  // A loop, not Math.min(...ends): a long run logs more transactions than a call takes arguments.
  const from = ends.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY) + 1;
  const kept = latencies.filter((_, i) => (ends[i] as number) >= from);
  if (kept.length === 0) return null;
  return {
    p50: quantile(kept, 0.5),
    p99: quantile(kept, 0.99),
    max: kept.reduce((a, b) => Math.max(a, b), 0),
  };
}

/**
 * Runs pgbench with `clients` connections for `seconds`; answers its TPS, its own latency per
 * award (the database's floor for a write's p99 at this many connections), and what one award
 * cost its backends in CPU ms, read between its second second and its last (database-cpu.ts), or
 * null.
 */
export async function runPgbench(
  databaseUrl: string,
  organizationId: string,
  fans: number,
  clients: number,
  seconds: number,
): Promise<{ tps: number; databaseCpuMs: number | null; latency: PgbenchLatency | null }> {
  const run = await pgbench(databaseUrl, pgbenchScript(organizationId, fans), [
    '-c',
    String(clients),
    '-T',
    String(Math.ceil(seconds)),
  ]);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.printed)?.[1]);
  if (!tps) throw new Error(`pgbench printed no TPS:\n${run.printed}`);
  const { backendSeconds, window } = run;
  return {
    tps,
    databaseCpuMs: backendSeconds === null ? null : (1000 * backendSeconds) / (tps * window),
    latency: pgbenchLatency(run.logs),
  };
}

/**
 * One pgbench run of `script` with `args` (clients, duration or transactions, mode…), every
 * transaction logged. Its backends' CPU is read from its second second on, every half second
 * while it runs (they are gone once it ends): `backendSeconds` over the `window` seconds of the
 * intervals kept (cpuWindows).
 */
export async function pgbench(databaseUrl: string, script: string, args: readonly string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, script);
  const all = [
    '-n',
    '-j',
    '2',
    ...args,
    '-f',
    file,
    '--log',
    `--log-prefix=${path.join(dir, 'tx')}`,
    databaseUrl,
  ];
  let done = false;
  const output = new Promise<string>((resolve, reject) => {
    const child = spawn(pgbenchBinary(), all, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      done = true;
      // A failed run keeps its script and logs to look at.
      if (code === 0) resolve(out);
      else reject(new Error(`pgbench failed (its script and logs are in ${dir}):\n${out.slice(-2000)}`));
    });
  });
  output.catch(() => {}); // awaited below; meanwhile a failure must not count as unhandled
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // Its clients are connected after the first second.
  await sleep(1000);
  const readings: Reading[] = [];
  while (!done) {
    const reading = { at: Date.now() / 1000, cpu: await backendCpu(databaseUrl).catch(() => null) };
    if (done) break;
    readings.push(reading);
    await sleep(READING_MS);
  }
  const printed = await output;
  const logs = readdirSync(dir)
    .filter((name) => name.startsWith('tx.'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return { printed, logs, ...cpuWindows(readings) };
}

const READING_MS = 500;

/** What the run's backends had used at one moment (epoch seconds). */
export type Reading = { at: number; cpu: Awaited<ReturnType<typeof backendCpu>> };

/**
 * The backends' CPU over the intervals between readings in which none of them ended: a backend
 * that ended between two readings took its last CPU with it, so an interval it left is dropped
 * (with `-t`, clients finish one by one at the end of the run). `windows`: the intervals kept,
 * for counting the transactions that ended in them; `window`: their total length.
 */
export function cpuWindows(readings: readonly Reading[]) {
  let backendSeconds = 0;
  const windows: [number, number][] = [];
  for (let i = 1; i < readings.length; i++) {
    const before = readings[i - 1]!;
    const after = readings[i]!;
    if (!before.cpu || !after.cpu || before.cpu.size === 0) continue;
    if ([...before.cpu.keys()].some((pid) => !after.cpu!.has(pid))) continue;
    backendSeconds += backendSecondsBetween(before.cpu, after.cpu) ?? 0;
    windows.push([before.at, after.at]);
  }
  const window = windows.reduce((sum, [from, to]) => sum + to - from, 0);
  return { backendSeconds: windows.length > 0 ? backendSeconds : null, windows, window };
}

/**
 * PGlite has no server to point pgbench at and runs one statement at a time, so its limit is
 * the same award transaction in a loop on one connection, in this process, for `seconds`.
 */
export async function runInProcessLedger(
  db: Database,
  organizationId: string,
  fans: number,
  seconds: number,
): Promise<number> {
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  let n = 0;
  while (performance.now() < until) {
    const fan = (n % fans) + 1;
    await db.transaction().execute(async (trx) => {
      await sql`insert into point_transactions (organization_id, user_id, amount, kind, reference, description, once_key)
                values (${organizationId}, ${sql.raw(fanIdSql(String(fan)))}, 1, 'bench', null, 'in-process award', null)
                on conflict (user_id, once_key) where once_key is not null do nothing returning id`.execute(
        trx,
      );
      await sql`update users set points = points + 1, lifetime_points = lifetime_points + 1
                where id = ${sql.raw(fanIdSql(String(fan)))} and organization_id = ${organizationId}
                  and points + 1 >= 0 returning points, lifetime_points`.execute(trx);
    });
    n++;
  }
  return n / ((performance.now() - started) / 1000);
}
