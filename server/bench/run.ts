/**
 * npm run bench — the race-day mix through the production server, against the machine's own
 * limits measured in the same run (decision 013; docs/benchmark.md explains every flag and
 * column). Each run: a fresh database seeded in SQL → the server as its own process → every
 * path from a separate load-generator process → the ledger invariant. Figures go to stdout and
 * bench/results/latest.json; the exit code is 1 when the invariant breaks.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SessionTokens } from '../src/auth/session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from '../src/auth/signing-keys.ts';
import { openDatabase } from '../src/db/engine.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { systemClock } from '../src/platform/clock.ts';
import {
  type CpuProfile,
  formatSelfTimes,
  monotonicMicros,
  type SelfTime,
  topSelfTime,
} from './cpu-profile.ts';
import { adminQuery, DEFAULT_SERVER, databaseUrlFor, dropDatabase } from './bench-database.ts';
import { backendCpu, backendSecondsBetween } from './database-cpu.ts';
import { checkLedgerInvariant } from './invariant.ts';
import { runInProcessLedger, runPgbench } from './ledger-limit.ts';
import {
  BARE_PATH,
  benchKeyPrefix,
  type LoadResult,
  type LoadSpec,
  type PathDef,
  PATHS,
} from './load-plan.ts';
import { type BenchOptions, type Engine, parseOptions } from './options.ts';
import {
  benchServerEnv,
  busyPercent,
  cpuSecondsOf,
  ensureWebBuilt,
  freePort,
  machineTicks,
  memoryOf,
  ROOT,
  type Running,
  runLoad,
  startBareFastify,
  startServer,
} from './processes.ts';
import { CAPTURE_FANS, measurePathLimits, type PathLimit } from './path-limits.ts';
import {
  formatTable,
  higherLimit,
  type Invariant,
  invariantLine,
  type Limits,
  mergePathLimits,
  pathLimitLine,
  pathResult,
  type RunResult,
  throttleLine,
} from './report.ts';
import { formatScaling, type Scaling, scalingOf } from './scaling.ts';
import { seedBench } from './seed.ts';
import { createTargets, nextTargets, type Targets } from './targets.ts';
import { probeThrottle } from './throttle-probe.ts';

const TOKEN_LIFETIME = 86_400;
async function measureBare(o: BenchOptions, workers: number): Promise<number> {
  const bare = await startBareFastify(workers);
  try {
    const load = await runLoad({
      baseUrl: bare.url,
      path: BARE_PATH,
      connections: o.connections,
      duration: o.duration,
      warmup: o.warmup,
    });
    return load.rps;
  } finally {
    await bare.stop();
  }
}

/** The challenges or sweepstakes a path's calls rotate over. */
function targetsOf(def: PathDef, t: Targets): Pick<LoadSpec, 'targets' | 'questions'> {
  const targets =
    def.body === 'poll'
      ? t.polls
      : def.body === 'trivia'
        ? [t.trivia]
        : def.body === 'entry'
          ? t.sweepstakes
          : [];
  return { targets, questions: def.body === 'trivia' ? t.questions : undefined };
}

function specFor(o: BenchOptions, url: string, orgKey: string, tokensFile: string, t: Targets, name: string) {
  const def = PATHS.find((p) => p.name === name)!;
  const spec: LoadSpec = {
    baseUrl: url,
    path: def,
    connections: o.connections,
    duration: o.duration,
    warmup: o.warmup,
    organizationKey: orgKey,
    tokensFile,
    ...targetsOf(def, t),
    ...(o.idempotencyKeys ? { keyPrefix: benchKeyPrefix() } : {}),
  };
  return spec;
}

function latestProfile(dir: string, window: { from: number; to: number }): SelfTime[] {
  // One profile per thread (tsx runs its loader in a worker): the main thread's is the largest.
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (files.length === 0) return [];
  const profile = JSON.parse(readFileSync(files[0]!, 'utf8')) as CpuProfile;
  return topSelfTime(profile, 15, ROOT, window);
}

/**
 * One engine, fan count and worker count on a fresh database. `known`: the pgbench limits
 * measured by an earlier run on the same seed (they do not depend on the server's processes),
 * so a `--workers` comparison runs pgbench once.
 */
async function runOne(
  o: BenchOptions,
  engine: Engine,
  fans: number,
  fastifyRps: number | null,
  workers?: number,
  known?: Pick<Limits, 'ledgerTps' | 'paths'>,
) {
  const knownLedgerTps = known?.ledgerTps;
  const stamp = `${Date.now()}`;
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-'));
  const serverUrl = o.databaseUrl ?? DEFAULT_SERVER;
  const dbName = `paddock_bench_${stamp}`;
  /** The seeded database as it was before any write: each path's own-SQL limit runs on a copy of it. */
  const pristine = `${dbName}_pristine`;
  let pristineMade = false;
  const databaseUrl = engine === 'postgres' ? databaseUrlFor(serverUrl, dbName) : undefined;
  if (engine === 'postgres') await adminQuery(serverUrl, `create database ${dbName}`);
  const jwk = await generatePrivateJwk();
  const env: Record<string, string> = {
    ...benchServerEnv(dataDir, jwk, TOKEN_LIFETIME),
    SITE_URL: siteUrl,
    // The throttles stay on, scaled so 50 connections over a few thousand fans stay under them.
    RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '1000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(workers === undefined ? {} : { WORKERS: String(workers) }),
  };
  const label = `${engine}, ${fans.toLocaleString('en-US')} fans${workers === undefined ? '' : `, WORKERS=${workers}`}`;
  const open = () => openDatabase({ databaseUrl, dataDir: engine === 'pglite' ? dataDir : null });
  let running: Running | null = null;
  let database: Awaited<ReturnType<typeof open>> | null = null;
  try {
    console.log(`\n▶ ${label}: seeding…`);
    database = await open();
    await migrateToLatest(database.db);
    const keys = await loadSigningKeys(jwk);
    const tokens = new SessionTokens(keys, systemClock, TOKEN_LIFETIME, `${siteUrl}/auth/v1`);
    // The capture's fans (path-limits.ts) come after the load's, which never uses them.
    const seed = await seedBench(database.db, tokens, fans + CAPTURE_FANS);
    await database.close();
    database = null;
    const measurePaths = engine === 'postgres' && o.limits && known === undefined;
    if (measurePaths) {
      await adminQuery(serverUrl, `create database ${pristine} template ${dbName} strategy = file_copy`);
      pristineMade = true;
    }
    console.log(
      `  seeded in ${seed.seconds.toFixed(1)} s, ${fans} tokens in ${seed.tokenSeconds.toFixed(1)} s`,
    );
    const tokensFile = path.join(dataDir, 'tokens.json');
    writeFileSync(tokensFile, JSON.stringify(seed.fanTokens.slice(0, fans)));

    let ledgerTps: number | null = knownLedgerTps ?? null;
    let ledgerDatabaseCpuMs: number | null = null;
    let ledgerLatency: Limits['ledgerLatency'] = null;
    if (engine === 'postgres' && o.limits && knownLedgerTps === undefined) {
      const pgbench = await runPgbench(databaseUrl!, seed.organizationId, fans, o.connections, o.duration);
      ledgerTps = pgbench.tps;
      ledgerDatabaseCpuMs = pgbench.databaseCpuMs;
      ledgerLatency = pgbench.latency;
      const perAward =
        ledgerDatabaseCpuMs === null ? '' : `, ${ledgerDatabaseCpuMs.toFixed(2)} DB CPU ms per award`;
      const latency = ledgerLatency === null ? '' : `, p99 ${ledgerLatency.p99.toFixed(1)} ms`;
      console.log(`  pgbench, the award statements: ${ledgerTps.toFixed(0)} TPS${perAward}${latency}`);
    }
    const names = PATHS.map((p) => p.name).filter((n) => o.paths.length === 0 || o.paths.includes(n));
    const logFile = path.join(ROOT, 'bench/results/server.log');
    writeFileSync(logFile, '');
    const ownRoot = o.serverRoot && path.resolve(o.serverRoot);
    // Each write path's own statements under pgbench, on a copy of the seeded database.
    const pathLimitRuns: PathLimit[][] = [];
    const replayInvariants: Invariant[] = [];
    const measurePathLimitsNow = async (calls: Record<string, number>) => {
      const limits = await measurePathLimits({
        adminUrl: serverUrl,
        template: pristine,
        env,
        port,
        logFile,
        traceFile: path.join(dataDir, 'statements.jsonl'),
        serverRoot: ownRoot || undefined,
        seed,
        fans,
        clients: o.connections,
        calls,
        paths: PATHS.filter((p) => p.kind === 'write' && names.includes(p.name)),
        targetsOf,
      });
      for (const limit of limits.limits) console.log(`  ${pathLimitLine(limit)}`);
      console.log(`  after the replays: ${invariantLine(limits.invariant)}`);
      replayInvariants.push(limits.invariant);
      pathLimitRuns.push(limits.limits);
    };

    // What autovacuum would otherwise do during the first measured path: pgbench's updates leave
    // a dead row version per award in users, point_transactions and leaderboard_scores, and the
    // seed's tables have no visibility maps yet. The first path (GET /api/user/me) then paid
    // for both, the later ones did not.
    if (engine === 'postgres') await adminQuery(databaseUrl!, 'vacuum analyze');

    type PathLoad = {
      name: string;
      load: LoadResult;
      rssMb: number | null;
      cpu: number | null;
      busy: number | null;
      databaseCpu: number | null;
      profile: SelfTime[];
    };
    let peakMb: number | null = null;
    const profileRoot = path.join(ROOT, 'bench/results/profiles');
    const start = async (profileDir?: string, extra: Record<string, string> = {}, root = ownRoot) => {
      running = await startServer({ ...env, ...extra }, port, logFile, profileDir, root);
      return running;
    };
    // With --compare, this checkout's server and the other's in turn on this one seed, the
    // order alternating from round to round (this one first in odd rounds), so neither always
    // runs on the database or host the other's pass leaves behind.
    const passes: { root: string | undefined; label: string | undefined }[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      const own = { root: ownRoot, label: o.compareRoot ? `${ownRoot ?? ROOT}, round ${round}` : undefined };
      if (!o.compareRoot) {
        passes.push(own);
        continue;
      }
      const other = {
        root: path.resolve(o.compareRoot),
        label: `${path.resolve(o.compareRoot)}, round ${round}`,
      };
      passes.push(...(round % 2 === 1 ? [own, other] : [other, own]));
    }
    let server = await start();
    let targets = await createTargets(server.url, seed.operatorToken, seed.publishableKey);
    const measured: { label: string | undefined; loads: PathLoad[] }[] = [];
    for (const [i, pass] of passes.entries()) {
      if (i > 0) {
        await server.stop();
        server = await start(undefined, {}, pass.root);
        targets = await nextTargets(server.url, seed.operatorToken, seed.publishableKey, targets);
      }
      if (pass.label) console.log(`  server ${pass.label}`);
      const loads: PathLoad[] = [];
      for (const name of names) {
        let profileDir: string | undefined;
        if (o.profile) {
          await server.stop();
          profileDir = path.join(
            profileRoot,
            `${engine}-${fans}-${name.replace(/[^a-z0-9]+/gi, '-')}-${stamp}${passes.length > 1 ? `-${i + 1}` : ''}`,
          );
          mkdirSync(profileDir, { recursive: true });
          server = await start(profileDir, {}, pass.root);
        }
        const backendsBefore = databaseUrl ? await backendCpu(databaseUrl) : null;
        const cpuBefore = cpuSecondsOf(server.pid);
        const ticksBefore = machineTicks();
        const from = monotonicMicros();
        const load = await runLoad(specFor(o, server.url, seed.publishableKey, tokensFile, targets, name));
        const cpuAfter = cpuSecondsOf(server.pid);
        const busy = busyPercent(ticksBefore, machineTicks());
        const to = monotonicMicros();
        const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
        const databaseCpu = backendSecondsBetween(
          backendsBefore,
          databaseUrl ? await backendCpu(databaseUrl) : null,
        );
        const mem = memoryOf(server.pid);
        if (mem) peakMb = Math.max(peakMb ?? 0, mem.peakMb);
        let profile: SelfTime[] = [];
        if (profileDir) {
          await server.stop();
          profile = latestProfile(profileDir, { from, to });
          server = await start(undefined, {}, pass.root);
        }
        loads.push({ name, load, rssMb: mem?.rssMb ?? null, cpu, busy, databaseCpu, profile });
        const codes = Object.entries(load.statusCodes)
          .map(([c, n]) => `${c}×${n}`)
          .join(' ');
        console.log(
          `  ${name}: ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms [${codes}]${load.socketErrors + load.timeouts > 0 ? ` errors ${load.socketErrors} timeouts ${load.timeouts}` : ''}`,
        );
        if (profile.length > 0) console.log(formatSelfTimes(name, profile));
      }
      measured.push({ label: pass.label, loads });
    }
    await server.stop();
    // The throttles at their real budgets, across every process of this run (throttle-probe.ts).
    server = await start(undefined, { RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' });
    const throttle = await probeThrottle(server.url, seed.operatorToken, seed.publishableKey);
    console.log(`  ${throttleLine(throttle)}`);
    await server.stop();
    running = null;

    // The limits again, after the paths: the ratios are judged against the higher measurement
    // (report.ts, `Limits.measured`), so a limit measured in a slow minute flatters none.
    const fastifyRuns = [fastifyRps];
    const ledgerRuns = [ledgerTps];
    if (o.limits && fastifyRps !== null) {
      fastifyRuns.push(await measureBare(o, workers ?? 1));
      console.log(`  bare Fastify again, after the paths: ${fastifyRuns[1]!.toFixed(0)} req/s`);
    }
    if (engine === 'postgres' && o.limits && knownLedgerTps === undefined) {
      const again = await runPgbench(databaseUrl!, seed.organizationId, fans, o.connections, o.duration);
      ledgerRuns.push(again.tps);
      console.log(`  pgbench again, after the paths: ${again.tps.toFixed(0)} TPS`);
      if (again.tps > (ledgerTps ?? 0)) {
        ledgerDatabaseCpuMs = again.databaseCpuMs;
        ledgerLatency = again.latency;
      }
    }
    // Each write path's own statements, for the calls its load made (the first pass's), twice:
    // each measurement on a fresh copy of the seeded database (path-limits.ts).
    if (measurePaths) {
      const calls = Object.fromEntries(
        measured[0]!.loads.map((l) => [l.name, l.load.requests + l.load.warmupRequests]),
      );
      for (const when of ['', ' again']) {
        console.log(`  each write path's own statements under pgbench${when}, for the load's calls:`);
        await measurePathLimitsNow(calls);
      }
    }

    database = await open();
    if (engine === 'pglite' && o.limits) {
      ledgerTps = await runInProcessLedger(database.db, seed.organizationId, fans, o.duration);
      console.log(`  in-process award statements on PGlite: ${ledgerTps.toFixed(0)} TPS`);
      ledgerRuns.push(ledgerTps);
    }
    const invariant = await checkLedgerInvariant(database.db, seed.organizationId);
    await database.close();
    database = null;

    const measuredLimits = {
      fastifyRps: fastifyRuns.filter((v): v is number => v !== null),
      ledgerTps: ledgerRuns.filter((v): v is number => v !== null),
    };
    const limits: Limits = {
      fastifyRps: higherLimit(fastifyRuns),
      ledgerTps: higherLimit(ledgerRuns),
      measured: measuredLimits,
      ledgerSource: engine === 'postgres' ? `pgbench, ${o.connections} clients` : 'in-process, 1 connection',
      ledgerDatabaseCpuMs,
      ledgerLatency,
      ...(known?.paths
        ? { paths: known.paths }
        : pathLimitRuns.length > 0
          ? { paths: mergePathLimits(pathLimitRuns) }
          : {}),
      ...(replayInvariants.length > 0 ? { replayInvariants } : {}),
    };
    return measured.map(({ label, loads }) => {
      const result: RunResult & { profiles?: Record<string, SelfTime[]> } = {
        engine,
        fans,
        seedSeconds: seed.seconds,
        tokenSeconds: seed.tokenSeconds,
        limits,
        paths: loads.map((l) =>
          pathResult(
            l.name,
            PATHS.find((p) => p.name === l.name)!.kind,
            l.load,
            limits,
            l.rssMb,
            l.cpu,
            l.busy,
            l.databaseCpu,
          ),
        ),
        invariant,
        peakRssMb: peakMb,
        throttle,
        ...(workers === undefined ? {} : { workers }),
        ...(label === undefined ? {} : { server: label }),
      };
      if (o.profile) result.profiles = Object.fromEntries(loads.map((l) => [l.name, l.profile]));
      return result;
    });
  } finally {
    if (running) await (running as Running).stop();
    if (database) await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await dropDatabase(serverUrl, dbName);
    if (pristineMade) await dropDatabase(serverUrl, pristine);
  }
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  ensureWebBuilt();
  // Other work on the machine skews every figure: the load average is recorded with them.
  const loadBefore = loadavg()[0]!;
  console.log(
    `Paddock bench: ${o.engines.join(' + ')}, fans ${o.sizes.join(', ')}, ${o.connections} connections, ${o.duration} s per path after ${o.warmup} s warm-up`,
  );
  // Without --workers one run as before (the server's default WORKERS); with it, one per count.
  const counts: (number | undefined)[] = o.workers.length > 0 ? o.workers : [undefined];
  const fastifyRps = new Map<number | undefined, number | null>();
  for (const n of counts) {
    if (!o.limits) break;
    const rps = await measureBare(o, n ?? 1);
    fastifyRps.set(n, rps);
    console.log(
      `Bare Fastify, ${n === undefined ? 'own process' : `${n} process(es)`}: ${rps.toFixed(0)} req/s`,
    );
  }
  const runs: RunResult[] = [];
  const scalings: { scaling: Scaling; group: RunResult[] }[] = [];
  for (const engine of o.engines)
    for (const fans of o.sizes) {
      const group: RunResult[] = [];
      for (const n of counts) {
        const known = group[0]?.limits;
        group.push(...(await runOne(o, engine, fans, fastifyRps.get(n) ?? null, n, known)));
      }
      runs.push(...group);
      if (o.workers.length > 0) scalings.push({ scaling: scalingOf(group), group });
    }

  const out = path.resolve(ROOT, o.out);
  mkdirSync(path.dirname(out), { recursive: true });
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg()[0]!,
  };
  const options = {
    duration: o.duration,
    warmup: o.warmup,
    connections: o.connections,
    quick: o.quick,
    workers: o.workers,
  };
  const scaling = scalings.map((s) => s.scaling);
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, options, runs, ...(scaling.length > 0 ? { scaling } : {}) }, null, 2)}\n`,
  );
  console.log(`\n${runs.map(formatTable).join('\n\n')}\n`);
  for (const s of scalings) console.log(`${formatScaling(s.scaling, s.group)}\n`);
  console.log(
    `Machine: ${machine.cpus} × ${machine.cpu}, Node ${machine.node}, load average ${machine.loadAverageBefore.toFixed(1)} before, ${machine.loadAverageAfter.toFixed(1)} after`,
  );
  console.log(`Figures written to ${path.relative(ROOT, out)}`);
  const replays = runs.flatMap((r) => r.limits.replayInvariants ?? []);
  if (runs.some((r) => r.invariant && r.invariant.mismatched > 0) || replays.some((i) => i.mismatched > 0)) {
    console.error('\nThe ledger invariant is broken: some balance differs from the sum of its ledger.');
    process.exit(1);
  }
  if (runs.some((r) => r.throttle && !r.throttle.holds)) {
    console.error("\nA throttle let through more (or fewer) requests than one fan's budget.");
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
