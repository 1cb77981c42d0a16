import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load-plan.ts';
import { busyPercent, machineTicks } from './processes.ts';
import { pathResult, type RunResult } from './report.ts';
import { formatScaling, headroomCeiling, scalingOf } from './scaling.ts';
import { judgeThrottle, PROBE_BUDGET, PROBE_REQUESTS } from './throttle-probe.ts';

const limits = { fastifyRps: null, ledgerTps: 400, ledgerSource: 'pgbench, 50 clients' };

function load(rps: number, loadCpuPercent: number): LoadResult {
  return {
    requests: rps * 10,
    warmupRequests: 0,
    seconds: 10,
    rps,
    p50: 5,
    p99: 50,
    max: 90,
    statusCodes: { '200': rps * 10 },
    socketErrors: 0,
    timeouts: 0,
    nextIndex: rps * 10,
    loadCpuPercent,
  };
}

function run(
  workers: number,
  fastify: number,
  reads: number,
  writes: number,
  mismatched = 0,
  busy: number | null = null,
): RunResult {
  return {
    engine: 'postgres',
    fans: 1000,
    seedSeconds: 1,
    tokenSeconds: 1,
    limits: { ...limits, fastifyRps: fastify },
    paths: [
      pathResult('GET /api/user/me', 'read', load(reads, 60), limits, 100, reads * 10 * 0.002, busy),
      pathResult('POST /api/checkin', 'write', load(writes, 20), limits, 100, writes * 10 * 0.004, busy),
    ],
    invariant: { fans: 1001, mismatched },
    peakRssMb: 200,
    workers,
    throttle: judgeThrottle([200, ...Array(9).fill(422), ...Array(15).fill(429)], 10),
  };
}

describe('--workers: one process against N', () => {
  it('gives each path its ratio, and the mix the geometric mean so a fast read does not drown the writes', () => {
    const s = scalingOf([run(1, 10_000, 1000, 100), run(2, 18_000, 1900, 160)]);
    expect(s.workers).toEqual([1, 2]);
    expect(s.paths.map((p) => [p.name, p.rps, p.ratio])).toEqual([
      ['GET /api/user/me', [1000, 1900], 1.9],
      ['POST /api/checkin', [100, 160], 1.6],
    ]);
    expect(s.mixRatio).toBeCloseTo(Math.sqrt(1.9 * 1.6), 10);
    expect(s.totalRatio).toBeCloseTo(2060 / 1100, 10);
    expect(s.bareRatio).toBeCloseTo(1.8, 10);
    expect(s.paths[0]!.loadCpuPercent).toEqual([60, 60]);
  });

  it('prints both counts side by side, the mix verdict, and each run’s invariant and throttle', () => {
    const runs = [run(1, 10_000, 1000, 100), run(2, 12_000, 1200, 110, 2)];
    const text = formatScaling(scalingOf(runs), runs);
    expect(text).toContain('### Scaling, PostgreSQL, 1,000 fans: 1 vs 2 server processes');
    expect(text).toMatch(
      /\| GET \/api\/user\/me\s+\|\s+1,000 \|\s+1,200 \|\s+1\.20× \|\s+2\.00 \|\s+2\.00 \|\s+60 % \|\s+60 % \|/,
    );
    expect(text).toMatch(/\| bare Fastify GET \/\s+\|\s+10,000 \|\s+12,000 \|\s+1\.20× \|/);
    expect(text).toContain('target ≥ 1.6×: not reached in this run');
    expect(text).toContain('×1: ledger invariant holds; Throttle holds: 25 check-ins from one fan');
    expect(text).toContain('×2: ledger invariant BROKEN');
    expect(text).not.toContain('machine was');
  });

  it('bounds the ratio by the CPU one process left idle, and says when that bound is below the target', () => {
    const saturated = [run(1, 10_000, 1000, 100, 0, 80), run(2, 11_300, 1050, 104, 0, 99)];
    const s = scalingOf(saturated);
    expect(s.machineBusyPercent).toEqual([80, 99]);
    expect(headroomCeiling(80)).toBe(1.25);
    const text = formatScaling(s, saturated);
    expect(text).toMatch(/\| GET \/api\/user\/me .*\|\s+80 % \|\s+99 % \|$/m);
    expect(text).toContain(
      'With one process the machine was 80 % busy (server, PostgreSQL and the load generator): a second process could at most reach 1.25×, below the 1.6× target: this machine, not the server, sets the ratio (bare Fastify: 1.13×).',
    );
    // With half the machine idle the bound is 2×: no excuse for a low ratio is printed.
    const idle = [run(1, 10_000, 1000, 100, 0, 50), run(2, 11_300, 1050, 104, 0, 70)];
    const idleText = formatScaling(scalingOf(idle), idle);
    expect(idleText).toContain('could at most reach 2.00× (bare Fastify');
    expect(idleText).not.toContain('below the');
  });
});

describe('the throttle across processes', () => {
  it('holds only when exactly one fan’s budget passes, with no server errors', () => {
    expect(PROBE_REQUESTS).toBeGreaterThan(2 * PROBE_BUDGET);
    const within = judgeThrottle([201, ...Array(9).fill(422), ...Array(15).fill(429)], 10);
    expect(within).toEqual({ sent: 25, passed: 10, limited: 15, errors: 0, budget: 10, holds: true });
    // Two processes counting apart would each let a budget through.
    expect(judgeThrottle([200, ...Array(19).fill(422), ...Array(5).fill(429)], 10).holds).toBe(false);
    expect(judgeThrottle([200, ...Array(8).fill(422), 503, ...Array(15).fill(429)], 10)).toMatchObject({
      errors: 1,
      holds: false,
    });
  });
});

describe('machine CPU share', () => {
  it('is the busy ticks over all ticks between two readings of /proc/stat', () => {
    expect(busyPercent({ busy: 10, total: 100 }, { busy: 60, total: 200 })).toBe(50);
    expect(busyPercent(null, { busy: 1, total: 2 })).toBeNull();
    const now = machineTicks();
    if (now) expect(now.busy).toBeLessThanOrEqual(now.total);
  });
});
