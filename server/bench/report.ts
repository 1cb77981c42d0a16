/** The figures of one bench run and the table printed from them (docs/benchmark.md explains each column). */
import type { Engine } from './options.ts';
import type { Invariant } from './invariant.ts';
import type { PgbenchLatency } from './ledger-limit.ts';
import type { LoadResult, PathKind } from './load-plan.ts';
import type { PathLimit } from './path-limits.ts';
import type { ThrottleProbe } from './throttle-probe.ts';

export interface PathResult {
  name: string;
  kind: PathKind;
  rps: number;
  /** Served answers (2xx and the expected 422) per second: what scaling is judged on, not 503s. */
  servedRps: number;
  p50: number;
  p99: number;
  max: number;
  /** 2xx answers. */
  ok: number;
  /** The rule refusals the mix expects (422: already checked in, already answered…). */
  refused: number;
  /** Everything else: other 4xx, 5xx, socket errors, timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  /**
   * req/s as a percentage of the limit for its kind: bare Fastify for reads; for writes the
   * path's own statements under pgbench (path-limits.ts) where measured, else the award's.
   */
  ofLimit: number | null;
  /** Writes: req/s as a percentage of the award statements' TPS (the limit before 2026-12-07). */
  ofAwardLimit?: number | null;
  /** Writes: which limit `ofLimit` is judged against. */
  limitKind?: 'own SQL' | 'award';
  /** Server resident memory right after the path ran, in MB. */
  rssMb: number | null;
  /** Server CPU milliseconds per answered request (warm-up included); steady under machine noise. */
  cpuMsPerRequest: number | null;
  /**
   * CPU milliseconds of this run's PostgreSQL backends per request (database-cpu.ts); null on
   * PGlite (its CPU is the server's) or when the database is on another machine.
   */
  databaseCpuMsPerRequest?: number | null;
  /** The load generator's own CPU, % of one core: near 100 it set the pace, not the server. */
  loadCpuPercent: number | null;
  /** The whole machine's CPU while the path ran, % of all cores (processes.ts busyPercent). */
  machineBusyPercent?: number | null;
}

export interface Limits {
  /** Bare Fastify in its own process under the same load generator, req/s. */
  fastifyRps: number | null;
  /** The server's ledger award statements with no HTTP in front, transactions per second. */
  ledgerTps: number | null;
  /** `pgbench (50 clients)` on PostgreSQL; `in-process (1 connection)` on PGlite. */
  ledgerSource: string;
  /** What one pgbench award cost the database's backends, CPU ms (database-cpu.ts). */
  ledgerDatabaseCpuMs?: number | null;
  /**
   * pgbench's own p50/p99/max per award at the same connections (ledger-limit.ts): the floor
   * under any write's latency, since a write runs these statements and more.
   */
  ledgerLatency?: PgbenchLatency | null;
  /**
   * Every measurement of each limit in this run, in order: before the paths and again after
   * them. On a shared host a limit measured once can land in a slow minute and flatter every
   * ratio, so `fastifyRps` and `ledgerTps` are the higher of their measurements.
   */
  measured?: { fastifyRps: number[]; ledgerTps: number[] };
  /**
   * Each write path's own statements under pgbench (path-limits.ts), by path name: the higher of
   * the measurements before and after the paths, each measurement kept.
   */
  paths?: Record<string, PathLimitResult>;
  /** The ledger invariant on each replay's copy, after its replays. */
  replayInvariants?: Invariant[];
}

/** A path's own-SQL limit as judged: the higher measurement's figures, and every measurement's TPS. */
export interface PathLimitResult extends PathLimit {
  measured: (number | null)[];
}

/** The higher of each path's measurements (one list per measurement, as path-limits.ts answers them). */
export function mergePathLimits(runs: readonly (readonly PathLimit[])[]): Record<string, PathLimitResult> {
  const out: Record<string, PathLimitResult> = {};
  for (const run of runs) {
    for (const limit of run) {
      const seen = out[limit.name];
      const measured = [...(seen?.measured ?? []), limit.tps];
      const better = !seen || (limit.tps ?? -1) > (seen.tps ?? -1);
      out[limit.name] = { ...(better ? limit : seen), measured };
    }
  }
  return out;
}

/** One line per path's own-SQL limit, as the bench prints it while it runs. */
export function pathLimitLine(limit: PathLimit): string {
  const what = `pgbench, ${limit.name}'s own statements`;
  if (limit.tps === null) return `${what}: not measured (${limit.note ?? 'no figure'})`;
  const cpu = limit.databaseCpuMs === null ? '' : `, ${limit.databaseCpuMs.toFixed(2)} DB CPU ms each`;
  const latency =
    limit.latency === null ? '' : `, p50 ${ms(limit.latency.p50)} / p99 ${ms(limit.latency.p99)} ms`;
  const note = limit.note ? ` (${limit.note})` : '';
  const lines =
    limit.ledgerLinesPerTransaction === null
      ? ''
      : `, ${limit.ledgerLinesPerTransaction.toFixed(2)} ledger lines`;
  const rows =
    limit.rowsWrittenPerTransaction == null
      ? ''
      : ` and ${limit.rowsWrittenPerTransaction.toFixed(1)} rows written each`;
  return `${what}: ${int(limit.tps)} TPS${cpu}${latency}${lines}${rows}, ${limit.rounds} rounds in ${limit.branches} statement sequences${note}`;
}

/** The limit a ratio is judged against: the highest of its measurements in the run (null if none). */
export function higherLimit(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number');
  return known.length === 0 ? null : Math.max(...known);
}

export type { Invariant };

export interface RunResult {
  engine: Engine;
  fans: number;
  seedSeconds: number;
  tokenSeconds: number;
  limits: Limits;
  paths: PathResult[];
  invariant: Invariant | null;
  peakRssMb: number | null;
  /** Server processes (WORKERS) when `--workers` compares counts. */
  workers?: number;
  /** With `--compare`: whose server (a checkout's path) and which round measured these figures. */
  server?: string;
  /** One fan's burst at RATE_LIMIT_SCALE=1: exactly the budget passes (throttle-probe.ts). */
  throttle?: ThrottleProbe | null;
}

export function pathResult(
  name: string,
  kind: PathKind,
  load: LoadResult,
  limits: Limits,
  rssMb: number | null,
  cpuSeconds: number | null = null,
  machineBusyPercent: number | null = null,
  databaseCpuSeconds: number | null = null,
): PathResult {
  let ok = 0;
  let refused = 0;
  let other = 0;
  for (const [code, count] of Object.entries(load.statusCodes)) {
    if (code.startsWith('2')) ok += count;
    else if (code === '422') refused += count;
    else other += count;
  }
  const own = kind === 'write' ? limits.paths?.[name]?.tps : null;
  const limit = kind === 'write' ? (own ?? limits.ledgerTps) : limits.fastifyRps;
  // A write whose answers were mostly refusals is not what its own-SQL limit replays (first writes).
  const ownApplies = own != null && ok >= refused;
  const writes =
    kind === 'write'
      ? {
          ofAwardLimit: limits.ledgerTps ? (100 * load.rps) / limits.ledgerTps : null,
          limitKind: own != null ? ('own SQL' as const) : ('award' as const),
        }
      : {};
  return {
    name,
    kind,
    rps: load.rps,
    servedRps: load.seconds > 0 ? (ok + refused) / load.seconds : 0,
    p50: load.p50,
    p99: load.p99,
    max: load.max,
    ok,
    refused,
    errors: other + load.socketErrors + load.timeouts,
    statusCodes: load.statusCodes,
    ofLimit: kind !== 'bare' && limit && (own == null || ownApplies) ? (100 * load.rps) / limit : null,
    ...writes,
    rssMb,
    cpuMsPerRequest: perRequest(cpuSeconds, load),
    databaseCpuMsPerRequest: perRequest(databaseCpuSeconds, load),
    loadCpuPercent: load.loadCpuPercent ?? null,
    machineBusyPercent,
  };
}

/** CPU seconds over the requests sent while they were read (warm-up included), in ms per request. */
function perRequest(seconds: number | null, load: LoadResult): number | null {
  const requests = load.requests + load.warmupRequests;
  return seconds === null || requests === 0 ? null : (1000 * seconds) / requests;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n >= 100 ? int(n) : n.toFixed(n >= 10 ? 0 : 1));
const pct = (n: number | null) => (n === null ? '—' : `${n >= 10 ? n.toFixed(0) : n.toFixed(1)} %`);

/** A Markdown table (it reads in a terminal and pastes into the README unchanged). */
export function formatTable(run: RunResult): string {
  const head = [
    `### ${run.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}, ${int(run.fans)} fans${run.workers === undefined ? '' : `, ${run.workers} server process${run.workers === 1 ? '' : 'es'}`}${run.server === undefined ? '' : `, server ${run.server}`}`,
    '',
    `Limits: bare Fastify ${run.limits.fastifyRps === null ? '—' : `${int(run.limits.fastifyRps)} req/s`}${measurements(run.limits.measured?.fastifyRps)}; ` +
      `ledger write ${run.limits.ledgerTps === null ? '—' : `${int(run.limits.ledgerTps)} TPS`}${measurements(run.limits.measured?.ledgerTps)} (${run.limits.ledgerSource}` +
      `${run.limits.ledgerDatabaseCpuMs == null ? '' : `, ${run.limits.ledgerDatabaseCpuMs.toFixed(2)} DB CPU ms per award`}` +
      `${run.limits.ledgerLatency == null ? '' : `, p50 ${ms(run.limits.ledgerLatency.p50)} / p99 ${ms(run.limits.ledgerLatency.p99)} ms per award`}). ` +
      `Seed ${run.seedSeconds.toFixed(1)} s, tokens ${run.tokenSeconds.toFixed(1)} s.`,
    ...ownLimitLines(run.limits),
    '',
  ];
  const rows = [
    [
      'Path',
      'req/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      '2xx',
      '422 (expected)',
      'errors',
      '% of limit',
      '% of award',
      'CPU ms/req',
      'DB CPU ms/req',
      'RSS MB',
    ],
    ...run.paths.map((p) => [
      p.name,
      int(p.rps),
      ms(p.p50),
      ms(p.p99),
      ms(p.max),
      int(p.ok),
      int(p.refused),
      int(p.errors),
      pct(p.ofLimit),
      p.kind === 'write' ? pct(p.ofAwardLimit ?? null) : '',
      p.cpuMsPerRequest === null ? '—' : p.cpuMsPerRequest.toFixed(2),
      p.databaseCpuMsPerRequest == null ? '—' : p.databaseCpuMsPerRequest.toFixed(2),
      p.rssMb === null ? '—' : int(p.rssMb),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, c) => (c === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  const tail = [
    '',
    run.invariant === null ? 'Ledger invariant: not checked' : invariantLine(run.invariant),
    ...(run.limits.replayInvariants ?? []).map(
      (i) => `After the replays, on their copy: ${invariantLine(i)}`,
    ),
    `Server peak RSS: ${run.peakRssMb === null ? '—' : `${int(run.peakRssMb)} MB`}`,
    ...(run.throttle ? [throttleLine(run.throttle)] : []),
  ];
  return [...head, line(rows[0]!), rule, ...rows.slice(1).map(line), ...tail].join('\n');
}

/**
 * Under the limits line: what each write's `% of limit` is judged against, its own statements
 * under pgbench (both measurements, and pgbench's own latency: the floor for the path's p99).
 */
function ownLimitLines(limits: Limits): string[] {
  const paths = Object.values(limits.paths ?? {});
  if (paths.length === 0) return [];
  return [
    '',
    "Writes are judged against their own statements under pgbench (the same connections, each transaction's statements as the server sent them):",
    ...paths.map((p) => {
      if (p.tps === null) return `- ${p.name}: not measured (${p.note ?? 'no figure'})`;
      const both =
        p.measured.length > 1
          ? ` (the higher of ${p.measured.map((v) => (v === null ? '—' : int(v))).join(' and ')})`
          : '';
      const latency = p.latency
        ? `, pgbench's own p50 ${ms(p.latency.p50)} / p99 ${ms(p.latency.p99)} ms`
        : '';
      const cpu = p.databaseCpuMs === null ? '' : `, ${p.databaseCpuMs.toFixed(2)} DB CPU ms each`;
      return `- ${p.name}: ${int(p.tps)} TPS${both}${cpu}${latency}${p.note ? `; ${p.note}` : ''}`;
    }),
  ];
}

export function invariantLine(i: Invariant): string {
  return i.mismatched === 0
    ? `Ledger invariant: every balance equals its ledger (${int(i.fans)} fans)`
    : `Ledger invariant BROKEN: ${int(i.mismatched)} of ${int(i.fans)} balances differ from their ledger`;
}

export function throttleLine(t: ThrottleProbe): string {
  const figures = `${t.sent} check-ins from one fan at once: ${t.passed} passed, ${t.limited} × 429, ${t.errors} errors; budget ${t.budget}`;
  return t.holds ? `Throttle holds: ${figures}` : `Throttle BROKEN: ${figures}`;
}

/** ` (the higher of 29,051 before and 18,383 after the paths)` when a limit was measured twice. */
function measurements(values: readonly number[] | undefined): string {
  if (!values || values.length < 2) return '';
  return ` (the higher of ${values.map(int).join(' before and ')} after the paths)`;
}
