/**
 * The load generator, run as its own process so it never shares a CPU queue with the server:
 * autocannon, time-based, a warm-up run whose figures are dropped, then the measured run.
 * Requests rotate over every fan (and over the challenges or sweepstakes a path targets), so no
 * single row or cache entry carries the load. Prints one JSON object on stdout.
 *
 * Usage: node --import tsx server/bench/load-worker.ts <spec.json>
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type LoadResult, type LoadSpec, nextRequest } from './load-plan.ts';

function run(spec: LoadSpec, seconds: number, counter: { i: number }, tokens: string[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: spec.baseUrl,
        connections: spec.connections,
        duration: seconds,
        // A request slower than this counts as an error (the PGlite target: nothing over 1 s is
        // acceptable, but the bench measures how slow it is rather than giving up at once).
        timeout: 10,
        requests: [
          {
            setupRequest: (req) => {
              const planned = nextRequest(spec, counter.i++, tokens);
              return { ...req, ...planned };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function main() {
  // From here on: module loading (tsx compiling) is not load generation.
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
  const tokens: string[] = spec.tokensFile ? JSON.parse(readFileSync(spec.tokensFile, 'utf8')) : [];
  const counter = { i: spec.startAt ?? 0 };
  const warm = spec.warmup > 0 ? await run(spec, spec.warmup, counter, tokens) : null;
  const result = await run(spec, spec.duration, counter, tokens);
  const used = process.cpuUsage(cpuStart);
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const codes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    codes[code] = (stat as { count: number }).count;
  }
  const out: LoadResult = {
    requests: result.requests.total,
    warmupRequests: warm?.requests.total ?? 0,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statusCodes: codes,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    nextIndex: counter.i,
    loadCpuPercent: (100 * (used.user + used.system)) / 1e6 / wallSeconds,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
