/**
 * npm run bench:realtime — live race day on one server process (decision 013: measured on this
 * machine, in the same run), against the targets of decision 012:
 *
 * 1. BENCH_CONNECTIONS (default 10,000) WebSockets joined to `realtime:live` on ONE production
 *    server process (started as `npm start` starts it, on a fresh PostgreSQL database), held
 *    by listener processes of their own (realtime-listeners.ts, 2,500 sockets each), never by
 *    the server's process. The server's RSS before and after gives MB per 1,000 connections.
 *    BENCH_BROADCASTS (default 20) organization-wide events are published on the event bus
 *    from this process (PostgreSQL NOTIFY, as another server process would); per event, the
 *    time until every socket had it (p50/p99 over the events).
 * 2. A burst of BENCH_BURST (default 5,000) poll answers by as many fans, first with no
 *    listener, then with every listener connected (burst-worker.ts, 50 connections): the
 *    answer path's throughput with listeners against without, the frames the listeners received
 *    during it, and the time from the last answer until every listener not on the poll's results
 *    topic had the poll's last `poll_results` hint on `live` (no tally; at most one per 5 s per
 *    challenge, and not sent to a socket on `results:{pollId}`: decision 024 as amended on
 *    2026-11-26). BENCH_ANSWERED (default 2,500) of the listeners are fans who answered the poll
 *    before the burst: they also join `results:{pollId}` with their token, and the report says
 *    when each had the final tally (the one counting every served answer, at most one per
 *    second) after the last served answer.
 *
 * Database: BENCH_DATABASE_URL (the server whose maintenance database is used; default the
 * local PostgreSQL); a database `paddock_bench_rt_<time>` is created and dropped. Figures go to
 * bench/results/realtime.json.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SessionTokens } from '../src/auth/session-tokens.ts';
import { generatePrivateJwk, loadSigningKeys } from '../src/auth/signing-keys.ts';
import { openDatabase } from '../src/db/engine.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { HINT_INTERVAL_MS } from '../src/modules/challenges/challenge-live.ts';
import { systemClock } from '../src/platform/clock.ts';
import { PostgresEventBus } from '../src/platform/events/postgres-event-bus.ts';
import { formatSelfTimes, monotonicMicros, type SelfTime } from './cpu-profile.ts';
import { adminQuery, DEFAULT_SERVER, databaseUrlFor, dropDatabase } from './bench-database.ts';
import type { BurstResult, BurstSpec } from './burst-worker.ts';
import {
  benchServerEnv,
  freePort,
  memoryOf,
  ROOT,
  type Running,
  runWorker,
  startServer,
} from './processes.ts';
import { cpuReading, profileTop, serverMicrosPerFrame } from './realtime-cpu.ts';
import type { ListenerCommand, ListenerReply } from './realtime-listeners.ts';
import { seedBench } from './seed.ts';
import { createTargets } from './targets.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 5_000);
const ANSWERED = Math.min(CONNECTIONS, Number(process.env.BENCH_ANSWERED ?? 2_500));
/** BENCH_PROFILE=1: the server runs under --cpu-prof; the top self time of each measured burst is printed. */
const PROFILE = process.env.BENCH_PROFILE === '1';
const PER_LISTENER = 2_500;
const TOKEN_LIFETIME = 86_400;
/** How long a broadcast (or the burst's last announcement) may take before it counts as lost. */
const SETTLE_MS = 3_000;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const pct = (value: number | null) => (value === null ? '—' : value.toFixed(0));

/** A forked listener process and a way to ask it something and wait for the answer. */
function startListener() {
  const child = fork(path.join(ROOT, 'server/bench/realtime-listeners.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends ListenerReply['type']>(command: ListenerCommand, answer: T) =>
    new Promise<Extract<ListenerReply, { type: T }>>((resolve) => {
      const on = (message: ListenerReply) => {
        if (message.type !== answer) return;
        child.off('message', on);
        resolve(message as Extract<ListenerReply, { type: T }>);
      };
      child.on('message', on);
      child.send(command);
    });
  return { child, ask };
}

/** Answers that were served (2xx): each one a response the tally counts. */
const served = (result: BurstResult) =>
  Object.entries(result.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);

async function burst(spec: BurstSpec) {
  return runWorker<BurstResult>('burst-worker.ts', spec, 'the poll-answer burst');
}

/**
 * A burst with the CPU it cost (realtime-cpu.ts): the server's milliseconds per served answer
 * (what the listeners add to the server itself, kernel time apart) and the listener processes'
 * CPU (what the sockets' client side took from the same two cores), with the profile window.
 */
async function measuredBurst(
  spec: BurstSpec,
  serverPid: number | undefined,
  listeners: ReturnType<typeof startListener>[],
) {
  const frames = async () =>
    (await Promise.all(listeners.map((l) => l.ask({ type: 'count' }, 'count')))).reduce(
      (sum, c) => sum + c.received,
      0,
    );
  const framesBefore = await frames();
  const from = monotonicMicros();
  const stop = cpuReading(
    serverPid,
    listeners.map((l) => l.child.pid),
  );
  const result = await burst(spec);
  const cpu = stop(served(result), result.seconds);
  const to = monotonicMicros();
  return { ...result, ...cpu, framesToListeners: (await frames()) - framesBefore, window: { from, to } };
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER;
  const dbName = `paddock_bench_rt_${Date.now()}`;
  const databaseUrl = databaseUrlFor(serverUrl, dbName);
  await adminQuery(serverUrl, `create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-rt-'));
  const port = await freePort();
  const jwk = await generatePrivateJwk();
  let server: Running | null = null;
  const listeners: ReturnType<typeof startListener>[] = [];
  const bus = new PostgresEventBus(databaseUrl);
  const loadBefore = loadavg()[0]!;
  try {
    console.log(`▶ seeding ${(BURST + ANSWERED).toLocaleString('en-US')} fans…`);
    const database = await openDatabase({ databaseUrl, dataDir: null });
    await migrateToLatest(database.db);
    const siteUrl = `http://127.0.0.1:${port}`;
    const tokens = new SessionTokens(
      await loadSigningKeys(jwk),
      systemClock,
      TOKEN_LIFETIME,
      `${siteUrl}/auth/v1`,
    );
    // The first ANSWERED fans answer the live poll before the burst and listen for its tally;
    // the burst's answers come from the others, each answering once.
    const seed = await seedBench(database.db, tokens, BURST + ANSWERED);
    await database.close();
    const answeredTokens = seed.fanTokens.slice(0, ANSWERED);
    const tokensFile = path.join(dataDir, 'tokens.json');
    writeFileSync(tokensFile, JSON.stringify(seed.fanTokens.slice(ANSWERED)));
    const answeredFile = path.join(dataDir, 'answered-tokens.json');
    writeFileSync(answeredFile, JSON.stringify(answeredTokens));

    const logFile = path.join(ROOT, 'bench/results/server-realtime.log');
    writeFileSync(logFile, '');
    const profileRoot = path.join(ROOT, 'bench/results/profiles', `realtime-${Date.now()}`);
    const profileDirs: string[] = [];
    const start = async () => {
      let profileDir: string | undefined;
      if (PROFILE) {
        profileDir = path.join(profileRoot, `server-${profileDirs.length}`);
        mkdirSync(profileDir, { recursive: true });
        profileDirs.push(profileDir);
      }
      server = await startServer(
        {
          ...benchServerEnv(dataDir, jwk, TOKEN_LIFETIME),
          DATABASE_URL: databaseUrl,
          // Every socket comes from 127.0.0.1: the per-address handshake throttle is scaled, not off.
          RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '100000',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        },
        port,
        logFile,
        profileDir,
      );
      return server;
    };
    server = await start();
    const targets = await createTargets(server.url, seed.operatorToken, seed.publishableKey);
    const [quietPoll, livePoll, warmPoll, rewarmPoll] = targets.polls as [string, string, string, string];
    const burstSpec = (challengeId: string): BurstSpec => ({
      baseUrl: server!.url,
      organizationKey: seed.publishableKey,
      tokensFile,
      challengeId,
      amount: BURST,
      connections: 50,
    });

    // A fresh server answers its first requests slowly (JIT, pools): a warm-up burst on a third
    // poll, not counted, so both measured bursts meet the same warm server.
    const warmUp = (poll: string) => burst({ ...burstSpec(poll), amount: Math.min(BURST, 1_000) });
    await warmUp(warmPoll);
    // Each answer's reply counts the poll's responses again (its view carries the results): the
    // quiet poll gets the same ANSWERED answers before its burst as the live poll, so that the
    // two bursts differ by the listeners only, not by twice the rows counted per answer.
    if (ANSWERED > 0) await burst({ ...burstSpec(quietPoll), tokensFile: answeredFile, amount: ANSWERED });
    console.log(`▶ burst of ${BURST} poll answers, no listener…`);
    const alone = await measuredBurst(burstSpec(quietPoll), server.pid, []);
    console.log(
      `  ${alone.servedRps.toFixed(0)} served answers/s, p99 ${alone.p99} ms, ${JSON.stringify(alone.statusCodes)}`,
    );

    // The answered fans answer the live poll on this server, so that its garbage is gone with it
    // and the memory reading below is the sockets' only.
    const preAnswered =
      ANSWERED > 0
        ? await burst({ ...burstSpec(livePoll), tokensFile: answeredFile, amount: ANSWERED })
        : null;
    const preServed = preAnswered ? served(preAnswered) : 0;

    // A fresh, warmed server for the sockets: the burst's garbage would otherwise be collected
    // while they open and make the difference in resident memory meaningless. Both readings
    // follow the same quiet pause.
    await server.stop();
    server = await start();
    await warmUp(rewarmPoll);
    await sleep(5_000);
    console.log(`▶ opening ${CONNECTIONS.toLocaleString('en-US')} sockets…`);
    const mb = () => {
      const rss = memoryOf(server?.pid)?.rssMb;
      return rss === undefined ? null : Math.round(rss);
    };
    const rssBefore = mb();
    const opened = performance.now();
    const url = `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${seed.publishableKey}&vsn=2.0.0`;
    const shares: number[] = [];
    for (let left = CONNECTIONS; left > 0; left -= PER_LISTENER) shares.push(Math.min(PER_LISTENER, left));
    for (const _ of shares) listeners.push(startListener());
    const openings = await Promise.all(
      listeners.map((l, i) => {
        const from = i * PER_LISTENER;
        const resultsTokens = answeredTokens.slice(from, from + shares[i]!);
        return l.ask({ type: 'open', url, count: shares[i]!, pollId: livePoll, resultsTokens }, 'opened');
      }),
    );
    const resultsJoined = openings.reduce((sum, o) => sum + o.resultsJoined, 0);
    const openSeconds = (performance.now() - opened) / 1000;
    const joined = openings.reduce((sum, o) => sum + o.joined, 0);
    await sleep(5_000);
    const rssAfter = mb();
    console.log(
      `  ${joined} joined in ${openSeconds.toFixed(1)} s; server RSS ${rssBefore} → ${rssAfter} MB`,
    );

    console.log(`▶ ${BROADCASTS} organization-wide broadcasts…`);
    await bus.start();
    for (let seq = 0; seq < BROADCASTS; seq++) {
      await bus.publish({
        organizationId: seed.organizationId,
        topic: 'live',
        event: 'bench_ping',
        payload: { seq, sentAt: Date.now() },
      });
      await sleep(1_000);
    }
    await sleep(SETTLE_MS);
    const pingReports = await Promise.all(listeners.map((l) => l.ask({ type: 'report' }, 'report')));
    const completion: number[] = [];
    let missed = 0;
    for (let seq = 0; seq < BROADCASTS; seq++) {
      const arrivals = pingReports.flatMap((r) => r.pings[seq] ?? []);
      missed += joined - arrivals.length;
      completion.push(arrivals.length === 0 ? Number.POSITIVE_INFINITY : Math.max(...arrivals));
    }

    console.log(`▶ burst of ${BURST} poll answers with ${joined} listeners…`);
    const withListeners = await measuredBurst(burstSpec(livePoll), server.pid, listeners);
    console.log(
      `  ${withListeners.servedRps.toFixed(0)} served answers/s, p99 ${withListeners.p99} ms, ${JSON.stringify(withListeners.statusCodes)}`,
    );
    // The last hint on `live` may trail the last answer by up to HINT_INTERVAL_MS.
    await sleep(HINT_INTERVAL_MS + SETTLE_MS);
    const burstReports = await Promise.all(listeners.map((l) => l.ask({ type: 'report' }, 'report')));
    // Sockets on the results topic are sent the tally, not the hint (decision 024).
    const lasts = burstReports.flatMap((r) => r.lastPollResults.filter((_, i) => !r.onResults[i]));
    const lastOk = withListeners.lastOkAt ?? withListeners.finishedAt;
    const heard = lasts.filter((t): t is number => t !== null).map((t) => t - lastOk);
    // The final tally counts every answer served: the answered fans' and the burst's.
    const finalTotal = preServed + served(withListeners);
    const tallies = burstReports.flatMap((r) => r.lastTallies);
    const finalHeard = tallies
      .filter((x): x is { at: number; totalResponses: number } => x?.totalResponses === finalTotal)
      .map((x) => x.at - lastOk);

    // The profile is written when the server exits: the first server's already has (it ran the
    // burst alone), the second one's once it stops here.
    let profiles: { alone: SelfTime[]; withListeners: SelfTime[] } | undefined;
    if (PROFILE) {
      for (const l of listeners.splice(0)) l.child.send({ type: 'close' } satisfies ListenerCommand);
      await server.stop();
      server = null;
      profiles = {
        alone: profileTop(profileDirs[0]!, alone.window),
        withListeners: profileTop(profileDirs[1]!, withListeners.window),
      };
    }

    const perFrame = serverMicrosPerFrame(alone, withListeners, withListeners.framesToListeners);
    const result = {
      date: new Date().toISOString(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg()[0]!,
      connections: { asked: CONNECTIONS, joined, openSeconds, rssBeforeMb: rssBefore, rssAfterMb: rssAfter },
      rssPer1000Mb:
        rssBefore !== null && rssAfter !== null && joined > 0
          ? ((rssAfter - rssBefore) / joined) * 1000
          : null,
      broadcasts: {
        count: BROADCASTS,
        reachAllP50Ms: quantile(completion, 0.5),
        reachAllP99Ms: quantile(completion, 0.99),
        missedDeliveries: missed,
      },
      burst: {
        answers: BURST,
        alone,
        withListeners,
        throughputDropPercent: 100 * (1 - withListeners.servedRps / alone.servedRps),
        serverMicrosPerFrame: perFrame,
        lastAnnouncementAfterLastAnswerMs: {
          p50: quantile(heard, 0.5),
          p99: quantile(heard, 0.99),
          max: heard.length ? Math.max(...heard) : null,
        },
        listenersWithoutAnnouncement: lasts.length - heard.length,
        resultsTopic: {
          answeredFans: ANSWERED,
          preAnswersServed: preServed,
          joined: resultsJoined,
          finalTotalResponses: finalTotal,
          finalTallyAfterLastAnswerMs: {
            p50: quantile(finalHeard, 0.5),
            p99: quantile(finalHeard, 0.99),
            max: finalHeard.length ? Math.max(...finalHeard) : null,
          },
          withoutFinalTally: resultsJoined - finalHeard.length,
        },
      },
      ...(profiles ? { profiles } : {}),
    };
    const out = path.join(ROOT, 'bench/results/realtime.json');
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    const r = result;
    console.log(`
| Target (decision 012)                                   | Measured |
| ------------------------------------------------------- | -------- |
| 10,000 connections on one process                       | ${joined.toLocaleString('en-US')} joined in ${openSeconds.toFixed(1)} s |
| RSS per 1,000 connections                               | ${r.rssPer1000Mb === null ? '—' : `${r.rssPer1000Mb.toFixed(1)} MB`} (server ${rssBefore} → ${rssAfter} MB) |
| Broadcast reaches all, p99 < 1 s                        | p50 ${r.broadcasts.reachAllP50Ms} ms, p99 ${r.broadcasts.reachAllP99Ms} ms, ${missed} deliveries missed |
| ${BURST} answers: throughput drop with listeners ≤ 10 % | ${alone.servedRps.toFixed(0)} → ${withListeners.servedRps.toFixed(0)} served answers/s (${r.burst.throughputDropPercent.toFixed(1)} % drop; 503s ${withListeners.statusCodes['503'] ?? 0}) |
| Server CPU per served answer, without → with listeners  | ${ms(alone.serverCpuMsPerAnswer)} → ${ms(withListeners.serverCpuMsPerAnswer)} ms (kernel ${ms(alone.serverSystemMsPerAnswer)} → ${ms(withListeners.serverSystemMsPerAnswer)} ms); server ${alone.serverCores.toFixed(2)} → ${withListeners.serverCores.toFixed(2)} cores |
| Server CPU per frame the listeners received (the fan-out) | ${withListeners.framesToListeners.toLocaleString('en-US')} frames (${(withListeners.framesToListeners / withListeners.seconds).toFixed(0)}/s); ${perFrame ? `${perFrame.total.toFixed(1)} µs (kernel ${perFrame.kernel.toFixed(1)} µs)` : '—'} |
| The listeners' own CPU during the burst (same 2 cores)  | ${withListeners.listenerCpuSeconds.toFixed(1)} CPU s = ${withListeners.listenerCores.toFixed(2)} cores; machine busy ${pct(alone.machineBusyPercent)} → ${pct(withListeners.machineBusyPercent)} % |
| Last hint on live after the last served answer (sockets not on results:{id}) | p99 ${r.burst.lastAnnouncementAfterLastAnswerMs.p99} ms, max ${r.burst.lastAnnouncementAfterLastAnswerMs.max} ms; ${r.burst.listenersWithoutAnnouncement} without |
| Final tally on results:{id} after the last served answer | ${resultsJoined} answered fans joined; p99 ${r.burst.resultsTopic.finalTallyAfterLastAnswerMs.p99} ms, max ${r.burst.resultsTopic.finalTallyAfterLastAnswerMs.max} ms; ${r.burst.resultsTopic.withoutFinalTally} without (total ${finalTotal}) |

Load average ${loadBefore.toFixed(1)} before, ${r.loadAverageAfter.toFixed(1)} after. Figures written to ${path.relative(ROOT, out)}`);
    if (profiles) {
      console.log(formatSelfTimes('server, burst alone', profiles.alone));
      console.log(formatSelfTimes('server, burst with listeners', profiles.withListeners));
    }
  } finally {
    for (const l of listeners) {
      l.child.send({ type: 'close' } satisfies ListenerCommand);
    }
    await bus.close().catch(() => undefined);
    if (server) await server.stop();
    await dropDatabase(serverUrl, dbName).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
