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
 * 2. Bursts of BENCH_BURST (default 5,000) poll answers by as many fans (burst-worker.ts, 50
 *    connections), in BENCH_ROUNDS (default 4) rounds of two on the same server process: one
 *    with every listener connected, one with none (their sockets closed), the order alternating
 *    from round to round, so that with an even number of rounds each order counts as often (the
 *    answers/s still rose from burst to burst after the warm-up on 2026-11-28, which favours
 *    whichever side comes second). Each round gives the answer path's throughput with listeners against
 *    without; the report gives the median and the range of that drop over the rounds (one noisy
 *    burst on this shared machine decides nothing either way), the server's CPU per answer on
 *    each side, the frames the listeners received, and the time from the last answer until every
 *    listener not on the poll's results topic had the poll's last `poll_results` hint on `live`
 *    (no tally; at most one per 5 s per challenge, and not sent to a socket on
 *    `results:{pollId}`: decision 024 as amended on 2026-11-26). BENCH_ANSWERED (default 2,500)
 *    of the listeners are fans who answered each measured poll before the bursts: they also join
 *    `results:{pollId}` with their token, and the report says when each had the final tally (the
 *    one counting every served answer, at most one per second) after the last served answer.
 *    The listener processes run at nice BENCH_LISTENER_NICE (default 19): they stand in for
 *    fans' phones, which are not on the measured machine.
 *
 * Database: BENCH_DATABASE_URL (the server whose maintenance database is used; default the
 * local PostgreSQL); a database `paddock_bench_rt_<time>` is created and dropped. Figures go to
 * BENCH_OUT (or `--out <file>`; default bench/results/realtime.json).
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
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
import { cpuReading, profileTop, roundOrder, serverMicrosPerFrame, spread } from './realtime-cpu.ts';
import type { ListenerCommand, ListenerReply } from './realtime-listeners.ts';
import { quantile } from './quantile.ts';
import { seedBench } from './seed.ts';
import { createTargets, POLLS } from './targets.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 5_000);
const ANSWERED = Math.min(CONNECTIONS, Number(process.env.BENCH_ANSWERED ?? 2_500));
/** BENCH_PROFILE=1: the server runs under --cpu-prof; the top self time of the first round's bursts is printed. */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** Pairs of bursts, one without and one with the listeners (two polls each; 10 polls, 2 for warm-ups). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/**
 * The listener processes' niceness (BENCH_LISTENER_NICE, default 19): they stand in for fans'
 * phones, which are not on the measured machine, so they take the cores only when the server,
 * PostgreSQL and the load generator leave them idle. 0 runs them as the server runs.
 */
const LISTENER_NICE = Number(process.env.BENCH_LISTENER_NICE ?? 19);
/** A pause after the sockets open or close before a burst, so that neither burst meets the other's churn. */
const PAUSE_MS = 3_000;
const PER_LISTENER = 2_500;
const outArg = process.argv.indexOf('--out');
const OUT = path.resolve(
  ROOT,
  (outArg >= 0 ? process.argv[outArg + 1] : undefined) ??
    process.env.BENCH_OUT ??
    'bench/results/realtime.json',
);
const TOKEN_LIFETIME = 86_400;
/** How long a broadcast (or the burst's last announcement) may take before it counts as lost. */
const SETTLE_MS = 3_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const pct = (value: number | null) => (value === null ? '—' : value.toFixed(0));

/** A forked listener process and a way to ask it something and wait for the answer. */
function startListener() {
  const child = fork(path.join(ROOT, 'server/bench/realtime-listeners.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid && LISTENER_NICE !== 0) setPriority(child.pid, LISTENER_NICE);
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
type Listener = ReturnType<typeof startListener>;

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
async function measuredBurst(spec: BurstSpec, serverPid: number | undefined, listeners: Listener[]) {
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
type Measured = Awaited<ReturnType<typeof measuredBurst>>;

async function main() {
  if (!(ROUNDS >= 1 && ROUNDS <= (POLLS - 2) / 2)) {
    throw new Error(
      `BENCH_ROUNDS must be 1–${(POLLS - 2) / 2}: each round answers two of the ${POLLS} polls`,
    );
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER;
  const dbName = `paddock_bench_rt_${Date.now()}`;
  const databaseUrl = databaseUrlFor(serverUrl, dbName);
  await adminQuery(serverUrl, `create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-rt-'));
  const port = await freePort();
  const jwk = await generatePrivateJwk();
  let server: Running | null = null;
  const listeners: Listener[] = [];
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
    // The first ANSWERED fans answer every measured poll before the bursts and listen for its
    // tally; the bursts' answers come from the others, each answering each poll once.
    const seed = await seedBench(database.db, tokens, BURST + ANSWERED);
    await database.close();
    const answeredTokens = seed.fanTokens.slice(0, ANSWERED);
    const tokensFile = path.join(dataDir, 'tokens.json');
    writeFileSync(tokensFile, JSON.stringify(seed.fanTokens.slice(ANSWERED)));
    const answeredFile = path.join(dataDir, 'answered-tokens.json');
    writeFileSync(answeredFile, JSON.stringify(answeredTokens));

    const logFile = path.join(ROOT, 'bench/results/server-realtime.log');
    writeFileSync(logFile, '');
    const profileDir = PROFILE
      ? path.join(ROOT, 'bench/results/profiles', `realtime-${Date.now()}`)
      : undefined;
    const start = async (profiled: boolean) => {
      if (profiled && profileDir) mkdirSync(profileDir, { recursive: true });
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
        profiled ? profileDir : undefined,
      );
      return server;
    };
    server = await start(false);
    const targets = await createTargets(server.url, seed.operatorToken, seed.publishableKey);
    const [warmPoll, rewarmPoll, ...measuredPolls] = targets.polls as [string, string, ...string[]];
    const rounds = Array.from({ length: ROUNDS }, (_, i) => ({
      alonePoll: measuredPolls[2 * i]!,
      livePoll: measuredPolls[2 * i + 1]!,
    }));
    const burstSpec = (challengeId: string): BurstSpec => ({
      baseUrl: server!.url,
      organizationKey: seed.publishableKey,
      tokensFile,
      challengeId,
      amount: BURST,
      connections: 50,
    });

    // A fresh server answers its first requests slowly (JIT, pools): a warm-up burst, not counted.
    const warmUp = (poll: string, amount = Math.min(BURST, 1_000)) => burst({ ...burstSpec(poll), amount });
    await warmUp(warmPoll);
    // Each answer's reply counts the poll's responses again (its view carries the results): every
    // measured poll gets the same ANSWERED answers first, so that the bursts differ by the
    // listeners only, not by the rows counted per answer. They are answered on this first server,
    // so that their garbage goes with it and the memory reading below is the sockets' only.
    // A pre-answer shed with 503 (the first server warming up on a busy host) is answered again
    // after its Retry-After, until every poll has all of them: a fan answering twice is refused
    // (422), not counted.
    const preServed = new Map<string, number>();
    if (ANSWERED > 0) {
      console.log(`▶ ${ANSWERED} answered fans answer the ${2 * ROUNDS} measured polls…`);
      for (const poll of rounds.flatMap((r) => [r.alonePoll, r.livePoll])) {
        let total = 0;
        for (let pass = 0; pass < 5 && total < ANSWERED; pass++) {
          if (pass > 0) await sleep(5_000);
          total += served(await burst({ ...burstSpec(poll), tokensFile: answeredFile, amount: ANSWERED }));
        }
        preServed.set(poll, total);
        if (total !== ANSWERED) console.log(`  note: ${total} of ${ANSWERED} pre-answers served on one poll`);
      }
    }

    // A fresh, warmed server for every measured burst, with and without the sockets: the same
    // process, heap and caches on both sides of each comparison. Its memory is read before the
    // sockets open and after, each after the same quiet pause.
    await server.stop();
    // What autovacuum would otherwise do during the first bursts: the seed's and the pre-answers'
    // statistics and visibility maps.
    await adminQuery(databaseUrl, 'vacuum analyze');
    server = await start(true);
    // A whole burst: after 1,000 answers the measured server still sped up from burst to burst.
    await warmUp(rewarmPoll, BURST);
    await sleep(5_000);
    const mb = () => {
      const rss = memoryOf(server?.pid)?.rssMb;
      return rss === undefined ? null : Math.round(rss);
    };
    const url = `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${seed.publishableKey}&vsn=2.0.0`;
    const shares: number[] = [];
    for (let left = CONNECTIONS; left > 0; left -= PER_LISTENER) shares.push(Math.min(PER_LISTENER, left));
    for (const _ of shares) listeners.push(startListener());
    /** Every listener opens its sockets and joins `live`, the answered fans also the poll's results topic. */
    const open = async (pollId: string) => {
      const opened = performance.now();
      const openings = await Promise.all(
        listeners.map((l, i) => {
          const from = i * PER_LISTENER;
          const resultsTokens = answeredTokens.slice(from, from + shares[i]!);
          return l.ask({ type: 'open', url, count: shares[i]!, pollId, resultsTokens }, 'opened');
        }),
      );
      return {
        seconds: (performance.now() - opened) / 1000,
        joined: openings.reduce((sum, o) => sum + o.joined, 0),
        resultsJoined: openings.reduce((sum, o) => sum + o.resultsJoined, 0),
      };
    };
    const disconnect = () => Promise.all(listeners.map((l) => l.ask({ type: 'disconnect' }, 'disconnected')));

    console.log(`▶ opening ${CONNECTIONS.toLocaleString('en-US')} sockets…`);
    const rssBefore = mb();
    const first = await open(rounds[0]!.livePoll);
    const { joined, resultsJoined, seconds: openSeconds } = first;
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

    /** A burst with every listener on the round's poll, and when its last hint and tally arrived. */
    const withListeners = async (poll: string, socketsOpen: boolean) => {
      const opening = socketsOpen ? first : await open(poll);
      if (!socketsOpen) await sleep(PAUSE_MS);
      const measured = await measuredBurst(burstSpec(poll), server?.pid, listeners);
      // The last hint on `live` may trail the last answer by up to HINT_INTERVAL_MS.
      await sleep(HINT_INTERVAL_MS + SETTLE_MS);
      const reports = await Promise.all(listeners.map((l) => l.ask({ type: 'report' }, 'report')));
      await disconnect();
      await sleep(PAUSE_MS);
      // Sockets on the results topic are sent the tally, not the hint (decision 024).
      const lasts = reports.flatMap((r) => r.lastPollResults.filter((_, i) => !r.onResults[i]));
      const lastOk = measured.lastOkAt ?? measured.finishedAt;
      const heard = lasts.filter((t): t is number => t !== null).map((t) => t - lastOk);
      // The final tally counts every answer served: the answered fans' and the burst's.
      const finalTotal = (preServed.get(poll) ?? 0) + served(measured);
      const finalHeard = reports
        .flatMap((r) => r.lastTallies)
        .filter((x): x is { at: number; totalResponses: number } => x?.totalResponses === finalTotal)
        .map((x) => x.at - lastOk);
      return {
        measured,
        joined: opening.joined,
        lastHintAfterLastAnswerMs: {
          p50: quantile(heard, 0.5),
          p99: quantile(heard, 0.99),
          max: heard.length ? Math.max(...heard) : null,
        },
        listenersWithoutHint: lasts.length - heard.length,
        resultsTopic: {
          joined: opening.resultsJoined,
          finalTotalResponses: finalTotal,
          finalTallyAfterLastAnswerMs: {
            p50: quantile(finalHeard, 0.5),
            p99: quantile(finalHeard, 0.99),
            max: finalHeard.length ? Math.max(...finalHeard) : null,
          },
          withoutFinalTally: opening.resultsJoined - finalHeard.length,
        },
      };
    };

    const results: {
      alone: Measured;
      with: Awaited<ReturnType<typeof withListeners>>;
      dropPercent: number;
      /** The drop the server's CPU per answer alone implies: 1 − alone/with (null without a reading). */
      cpuDropPercent: number | null;
      serverMicrosPerFrame: ReturnType<typeof serverMicrosPerFrame>;
    }[] = [];
    let socketsOpen = true;
    for (const [i, round] of rounds.entries()) {
      let alone: Measured | undefined;
      let withThem: Awaited<ReturnType<typeof withListeners>> | undefined;
      for (const side of roundOrder(i)) {
        console.log(
          `▶ round ${i + 1}/${ROUNDS}: burst of ${BURST} poll answers ${side === 'with' ? `with ${joined} listeners` : 'with no listener'}…`,
        );
        if (side === 'with') {
          withThem = await withListeners(round.livePoll, socketsOpen);
          socketsOpen = false;
        } else {
          alone = await measuredBurst(burstSpec(round.alonePoll), server.pid, listeners);
        }
        const m = side === 'with' ? withThem!.measured : alone!;
        console.log(
          `  ${m.servedRps.toFixed(0)} served answers/s, p99 ${m.p99} ms, server ${ms(m.serverCpuMsPerAnswer)} CPU ms/answer, ${JSON.stringify(m.statusCodes)}`,
        );
      }
      results.push({
        alone: alone!,
        with: withThem!,
        dropPercent: 100 * (1 - withThem!.measured.servedRps / alone!.servedRps),
        cpuDropPercent:
          alone!.serverCpuMsPerAnswer && withThem!.measured.serverCpuMsPerAnswer
            ? 100 * (1 - alone!.serverCpuMsPerAnswer / withThem!.measured.serverCpuMsPerAnswer)
            : null,
        serverMicrosPerFrame: serverMicrosPerFrame(
          alone!,
          withThem!.measured,
          withThem!.measured.framesToListeners,
        ),
      });
      console.log(`  round ${i + 1}: ${results.at(-1)!.dropPercent.toFixed(1)} % drop`);
    }

    // The profile is written when the server exits.
    let profiles: { alone: SelfTime[]; withListeners: SelfTime[] } | undefined;
    if (PROFILE && profileDir) {
      for (const l of listeners.splice(0)) l.child.send({ type: 'close' } satisfies ListenerCommand);
      await server.stop();
      server = null;
      profiles = {
        alone: profileTop(profileDir, results[0]!.alone.window),
        withListeners: profileTop(profileDir, results[0]!.with.measured.window),
      };
    }

    const drop = spread(results.map((r) => r.dropPercent));
    const of = (pick: (r: (typeof results)[number]) => number | null | undefined) =>
      spread(results.map(pick).filter((v): v is number => typeof v === 'number'));
    const summary = {
      rounds: ROUNDS,
      listenerNice: LISTENER_NICE,
      dropPercent: drop,
      cpuDropPercent: of((r) => r.cpuDropPercent),
      aloneServedRps: of((r) => r.alone.servedRps),
      withServedRps: of((r) => r.with.measured.servedRps),
      aloneServerCpuMsPerAnswer: of((r) => r.alone.serverCpuMsPerAnswer),
      withServerCpuMsPerAnswer: of((r) => r.with.measured.serverCpuMsPerAnswer),
      aloneServerKernelMsPerAnswer: of((r) => r.alone.serverSystemMsPerAnswer),
      withServerKernelMsPerAnswer: of((r) => r.with.measured.serverSystemMsPerAnswer),
      serverMicrosPerFrame: of((r) => r.serverMicrosPerFrame?.total),
      serverKernelMicrosPerFrame: of((r) => r.serverMicrosPerFrame?.kernel),
      framesPerSecond: of((r) => r.with.measured.framesToListeners / r.with.measured.seconds),
      listenerCores: of((r) => r.with.measured.listenerCores),
      aloneMachineBusyPercent: of((r) => r.alone.machineBusyPercent),
      withMachineBusyPercent: of((r) => r.with.measured.machineBusyPercent),
      lastHintP99Ms: of((r) => r.with.lastHintAfterLastAnswerMs.p99),
      finalTallyP99Ms: of((r) => r.with.resultsTopic.finalTallyAfterLastAnswerMs.p99),
      listenersWithoutHint: results.reduce((sum, r) => sum + r.with.listenersWithoutHint, 0),
      withoutFinalTally: results.reduce((sum, r) => sum + r.with.resultsTopic.withoutFinalTally, 0),
    };
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
        answeredFans: ANSWERED,
        preAnswersServed: [...preServed.values()],
        resultsJoined,
        summary,
        rounds: results,
      },
      ...(profiles ? { profiles } : {}),
    };
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    const r = result;
    const range = (x: { median: number | null; min: number | null; max: number | null }, digits = 1) =>
      x.median === null
        ? '—'
        : `${x.median.toFixed(digits)} (${x.min!.toFixed(digits)}–${x.max!.toFixed(digits)})`;
    const s = summary;
    console.log(`
| Target (decision 012)                                   | Measured |
| ------------------------------------------------------- | -------- |
| 10,000 connections on one process                       | ${joined.toLocaleString('en-US')} joined in ${openSeconds.toFixed(1)} s |
| RSS per 1,000 connections                               | ${r.rssPer1000Mb === null ? '—' : `${r.rssPer1000Mb.toFixed(1)} MB`} (server ${rssBefore} → ${rssAfter} MB) |
| Broadcast reaches all, p99 < 1 s                        | p50 ${r.broadcasts.reachAllP50Ms} ms, p99 ${r.broadcasts.reachAllP99Ms} ms, ${missed} deliveries missed |
| ${BURST} answers: throughput drop with listeners ≤ 10 % | median ${range(s.dropPercent)} % over ${ROUNDS} rounds; served answers/s ${range(s.aloneServedRps, 0)} → ${range(s.withServedRps, 0)} |
| Server CPU per served answer, without → with listeners  | ${range(s.aloneServerCpuMsPerAnswer, 2)} → ${range(s.withServerCpuMsPerAnswer, 2)} ms (kernel ${range(s.aloneServerKernelMsPerAnswer, 2)} → ${range(s.withServerKernelMsPerAnswer, 2)} ms): the drop it implies, median ${range(s.cpuDropPercent)} % |
| Server CPU per frame the listeners received (the fan-out) | ${range(s.framesPerSecond, 0)} frames/s; ${range(s.serverMicrosPerFrame)} µs (kernel ${range(s.serverKernelMicrosPerFrame)} µs) |
| The listeners' own CPU during the burst (same 2 cores, nice ${LISTENER_NICE}) | ${range(s.listenerCores, 2)} cores; machine busy ${range(s.aloneMachineBusyPercent, 0)} → ${range(s.withMachineBusyPercent, 0)} % |
| Last hint on live after the last served answer (sockets not on results:{id}) | p99 ${range(s.lastHintP99Ms, 0)} ms; ${s.listenersWithoutHint} without over all rounds |
| Final tally on results:{id} after the last served answer | ${resultsJoined} answered fans joined; p99 ${range(s.finalTallyP99Ms, 0)} ms; ${s.withoutFinalTally} without over all rounds |

Per round (order alternates: with first in odd rounds):
${results
  .map(
    (x, i) =>
      `  ${i + 1}. ${x.alone.servedRps.toFixed(0)} → ${x.with.measured.servedRps.toFixed(0)} served answers/s (${x.dropPercent.toFixed(1)} % drop; 503s ${x.with.measured.statusCodes['503'] ?? 0}), server CPU ${ms(x.alone.serverCpuMsPerAnswer)} → ${ms(x.with.measured.serverCpuMsPerAnswer)} ms/answer, listeners ${x.with.measured.listenerCores.toFixed(2)} cores, machine busy ${pct(x.alone.machineBusyPercent)} → ${pct(x.with.measured.machineBusyPercent)} %`,
  )
  .join('\n')}

Load average ${loadBefore.toFixed(1)} before, ${r.loadAverageAfter.toFixed(1)} after. Figures written to ${path.relative(ROOT, OUT)}`);
    if (profiles) {
      console.log(formatSelfTimes('server, round 1, burst alone', profiles.alone));
      console.log(formatSelfTimes('server, round 1, burst with listeners', profiles.withListeners));
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
