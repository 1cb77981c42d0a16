/**
 * The write limit: the statements postPoints runs for one award (modules/ledger/ledger-service.ts:
 * the once-only insert, then the guarded balance update, in one transaction), straight to the
 * database with no HTTP, validation or auth in front.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../src/db/engine.ts';
import { backendCpu, backendSecondsBetween } from './database-cpu.ts';
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

/**
 * Runs pgbench with `clients` connections for `seconds`; answers its TPS and what one award cost
 * its backends in CPU ms, read between its second second and its last (database-cpu.ts), or null.
 */
export async function runPgbench(
  databaseUrl: string,
  organizationId: string,
  fans: number,
  clients: number,
  seconds: number,
): Promise<{ tps: number; databaseCpuMs: number | null }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pgbench-'));
  const script = path.join(dir, 'award.sql');
  writeFileSync(script, pgbenchScript(organizationId, fans));
  const args = [
    '-n',
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(Math.ceil(seconds)),
    '-f',
    script,
    databaseUrl,
  ];
  const output = new Promise<string>((resolve, reject) => {
    const child = spawn(pgbenchBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench failed:\n${out}`))));
  });
  output.catch(() => {}); // awaited below; meanwhile a failure must not count as unhandled
  const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));
  // Its clients are connected after the first second; the window ends before they disconnect.
  const window = Math.ceil(seconds) - 2;
  let backendSeconds: number | null = null;
  if (window >= 1) {
    await sleep(1);
    const before = await backendCpu(databaseUrl);
    await sleep(window);
    backendSeconds = backendSecondsBetween(before, await backendCpu(databaseUrl));
  }
  const printed = await output;
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(printed)?.[1]);
  if (!tps) throw new Error(`pgbench printed no TPS:\n${printed}`);
  return { tps, databaseCpuMs: backendSeconds === null ? null : (1000 * backendSeconds) / (tps * window) };
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
