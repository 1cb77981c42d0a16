/**
 * The CPU of the PostgreSQL backends serving one database (decision 013): where the server is
 * on this machine its backends are processes in /proc, so what a write costs the database can be
 * read per request beside what it costs the server. pgbench's backends are read the same way, so
 * the two costs compare statement for statement. Other databases on the same server (other
 * sessions' tests) are not counted; PostgreSQL's background writers are not either.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuSecondsOfOne } from './processes.ts';

export type BackendTimes = Map<number, number>;

/** CPU seconds so far of every backend connected to the database of `databaseUrl`; null when not readable here. */
export async function backendCpu(databaseUrl: string): Promise<BackendTimes | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const times: BackendTimes = new Map();
    for (const { pid } of rows) {
      const seconds = backendSeconds(pid);
      if (seconds !== null) times.set(pid, seconds);
    }
    return rows.length > 0 && times.size === 0 ? null : times;
  } finally {
    await client.end();
  }
}

/**
 * CPU seconds the backends used between two readings. A backend that connected in between
 * counts from zero; one that left in between is missed (the pool keeps its connections while
 * loaded, so that is rare and errs low).
 */
export function backendSecondsBetween(
  before: BackendTimes | null,
  after: BackendTimes | null,
): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * A backend's CPU seconds: its time on a CPU from /proc/<pid>/schedstat, in nanoseconds (a
 * backend is one thread, so its main thread's figure is the whole process's). /proc/<pid>/stat
 * counts in 10 ms ticks: over the one-second windows of a short pgbench replay, fifty backends'
 * rounding alone moved the figure per transaction by a quarter of a millisecond.
 */
function backendSeconds(pid: number): number | null {
  try {
    const ns = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    if (Number.isFinite(ns)) return ns / 1e9;
  } catch {
    // not readable here: the ticks below
  }
  return cpuSecondsOfOne(pid);
}
