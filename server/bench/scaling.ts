/**
 * `--workers`: the same mix against WORKERS=1 and WORKERS=N, side by side. The ratio of a path
 * is its served answers per second with N processes over those with one (a 503 shed under
 * overload, decision 014, is fast but serves nobody, so it does not count); the mix's ratio is the geometric mean
 * of the path ratios, so each path of the race-day mix counts once whatever its speed (the sum
 * of served/s, also printed, is dominated by the fastest reads).
 */
import type { RunResult } from './report.ts';
import { throttleLine } from './report.ts';

/** The scale-out target (decision 016): two processes on two cores serve the mix at ≥ 1.6× one. */
export const SCALING_TARGET = 1.6;

export interface ScalingRow {
  name: string;
  /** Served answers per second (2xx and the expected 422, not 503s) per worker count, in order. */
  rps: number[];
  cpuMsPerRequest: (number | null)[];
  loadCpuPercent: (number | null)[];
  machineBusyPercent: (number | null)[];
  /** Last count over the first (1). */
  ratio: number | null;
}

export interface Scaling {
  engine: RunResult['engine'];
  fans: number;
  workers: number[];
  paths: ScalingRow[];
  /** Geometric mean of the path ratios. */
  mixRatio: number | null;
  /** Sum of served/s over every path, per worker count, and its ratio. */
  totalRps: number[];
  totalRatio: number | null;
  /** Bare Fastify per worker count (null where not measured). */
  bareRps: (number | null)[];
  bareRatio: number | null;
  invariantHolds: boolean[];
  throttleHolds: (boolean | null)[];
  /** Mean machine CPU busy share over the paths, per worker count (null where not measured). */
  machineBusyPercent: (number | null)[];
}

/**
 * A second process only adds throughput with CPU the first left idle. If one process kept the
 * machine B % busy (server, PostgreSQL and load generator together) and the requests cost the
 * same with two, two processes can serve at most 100 / B times as much: the machine's ceiling
 * for the ratio, printed beside it.
 */
export function headroomCeiling(busyPercentAlone: number | null): number | null {
  return busyPercentAlone === null || busyPercentAlone <= 0 ? null : 100 / busyPercentAlone;
}

const ratioOf = (first: number | null | undefined, last: number | null | undefined) =>
  first && last !== null && last !== undefined ? last / first : null;

function mean(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((sum, v) => sum + v, 0) / known.length;
}

/** `runs`: one engine and fan count, ascending worker counts starting at 1. */
export function scalingOf(runs: RunResult[]): Scaling {
  const first = runs[0]!;
  const paths = first.paths.map((p) => {
    const same = runs.map((r) => r.paths.find((q) => q.name === p.name));
    const rps = same.map((q) => q?.servedRps ?? 0);
    return {
      name: p.name,
      rps,
      cpuMsPerRequest: same.map((q) => q?.cpuMsPerRequest ?? null),
      loadCpuPercent: same.map((q) => q?.loadCpuPercent ?? null),
      machineBusyPercent: same.map((q) => q?.machineBusyPercent ?? null),
      ratio: ratioOf(rps[0], rps.at(-1)),
    };
  });
  const ratios = paths.map((p) => p.ratio).filter((r): r is number => r !== null && r > 0);
  const totalRps = runs.map((r) => r.paths.reduce((sum, p) => sum + p.servedRps, 0));
  const bareRps = runs.map((r) => r.limits.fastifyRps);
  return {
    engine: first.engine,
    fans: first.fans,
    workers: runs.map((r) => r.workers ?? 1),
    paths,
    mixRatio:
      ratios.length === 0 ? null : Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length),
    totalRps,
    totalRatio: ratioOf(totalRps[0], totalRps.at(-1)),
    bareRps,
    bareRatio: ratioOf(bareRps[0], bareRps.at(-1)),
    invariantHolds: runs.map((r) => r.invariant !== null && r.invariant.mismatched === 0),
    throttleHolds: runs.map((r) => (r.throttle ? r.throttle.holds : null)),
    machineBusyPercent: runs.map((_, i) => mean(paths.map((p) => p.machineBusyPercent[i] ?? null))),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const times = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}×`);
const opt = (n: number | null, f: (n: number) => string) => (n === null ? '—' : f(n));

/** A Markdown table like report.ts's, one served/s column per worker count. */
export function formatScaling(s: Scaling, runs: RunResult[]): string {
  const last = s.workers.at(-1)!;
  const w = (n: number) => `×${n}`;
  const header = [
    'Path',
    ...s.workers.map((n) => `served/s ${w(n)}`),
    `ratio ${last}/1`,
    ...s.workers.map((n) => `CPU ms/req ${w(n)}`),
    ...s.workers.map((n) => `load gen CPU ${w(n)}`),
    ...s.workers.map((n) => `machine busy ${w(n)}`),
  ];
  const rows = [
    header,
    ...s.paths.map((p) => [
      p.name,
      ...p.rps.map(int),
      times(p.ratio),
      ...p.cpuMsPerRequest.map((c) => opt(c, (n) => n.toFixed(2))),
      ...p.loadCpuPercent.map((c) => opt(c, (n) => `${n.toFixed(0)} %`)),
      ...p.machineBusyPercent.map((c) => opt(c, (n) => `${n.toFixed(0)} %`)),
    ]),
    [
      '**mix** (geometric mean)',
      ...s.workers.map(() => ''),
      times(s.mixRatio),
      ...s.workers.flatMap(() => ['', '', '']),
    ],
    [
      'all paths (sum of served/s)',
      ...s.totalRps.map(int),
      times(s.totalRatio),
      ...s.workers.flatMap(() => ['', '', '']),
    ],
    [
      'bare Fastify GET /',
      ...s.bareRps.map((r) => opt(r, int)),
      times(s.bareRatio),
      ...s.workers.flatMap(() => ['', '', '']),
    ],
  ];
  const widths = header.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `| ${widths.map((n, c) => (c === 0 ? '-'.repeat(n) : `${'-'.repeat(n - 1)}:`)).join(' | ')} |`;
  const verdict =
    s.mixRatio === null
      ? 'Mix ratio: not measured'
      : `Mix ratio ${times(s.mixRatio)} with ${last} processes (target ≥ ${SCALING_TARGET}×: ${s.mixRatio >= SCALING_TARGET ? 'reached' : 'not reached'} in this run)`;
  const busyAlone = s.machineBusyPercent[0] ?? null;
  const ceiling = headroomCeiling(busyAlone);
  const headroom =
    busyAlone === null || ceiling === null
      ? null
      : `With one process the machine was ${busyAlone.toFixed(0)} % busy (server, PostgreSQL and the load generator): a second process could at most reach ${times(ceiling)}${ceiling < SCALING_TARGET ? `, below the ${SCALING_TARGET}× target: this machine, not the server, sets the ratio` : ''} (bare Fastify: ${times(s.bareRatio)}).`;
  const checks = runs.map(
    (r, i) =>
      `${w(s.workers[i]!)}: ledger invariant ${s.invariantHolds[i] ? 'holds' : 'BROKEN'}; ${r.throttle ? throttleLine(r.throttle) : 'throttle not probed'}`,
  );
  return [
    `### Scaling, ${s.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${int(s.fans)} fans: ${s.workers.join(' vs ')} server processes`,
    '',
    line(header),
    rule,
    ...rows.slice(1).map(line),
    '',
    verdict,
    ...(headroom ? [headroom] : []),
    ...checks,
  ].join('\n');
}
