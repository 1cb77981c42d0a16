/**
 * npm run bench:realtime — organization-wide broadcast fan-out on one server process
 * (decision 013: measured on this machine, in the same run).
 *
 * Opens BENCH_CONNECTIONS (default 2,000) WebSockets joined to `realtime:live` (vsn 2.0.0, the
 * frames the official client sends), states RSS per 1,000 connections, then publishes
 * BENCH_BROADCASTS (default 20) events one after the other and reports, per event, the time
 * until every connection had it (p50/p99 over the events) and the per-delivery p99. The
 * sockets' client side runs in the same process, so the figures include its cost: a pessimistic
 * bound for the server alone. Database: BENCH_DATABASE_URL → PostgreSQL (events through
 * LISTEN/NOTIFY), else in-memory PGlite (in-process bus).
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { generatePrivateJwk } from '../src/auth/signing-keys.ts';
import { createDeps } from '../src/bootstrap.ts';
import { parseEnv } from '../src/config.ts';
import { publishAfterCommit } from '../src/platform/events/after-commit.ts';
import { seedOrganization } from '../src/seed/organization-seed.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2_000);
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 20);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const mb = (bytes: number) => bytes / 1024 / 1024;

async function main() {
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: path.join(tmpdir(), `paddock-bench-rt-${randomUUID()}`),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '100000',
  });
  const { deps, database } = await createDeps(env, {
    secrets: { jwtPrivateJwk: await generatePrivateJwk(), appSecret: 'b'.repeat(64) },
    dataDirForDb: databaseUrl ? undefined : null,
  });
  const app = await buildApp(deps, { serveWeb: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const org = await seedOrganization(deps.db, { slug: `bench-${randomUUID().slice(0, 8)}`, name: 'Bench' });
  const sockets: WebSocket[] = [];
  let failed = 0;
  const url = `${base.replace('http', 'ws')}/realtime/v1/websocket?apikey=${org.publishableKey}&vsn=2.0.0`;

  // The official client's heartbeat (realtime-compat §4): the server closes sockets silent for 60 s.
  let heartbeatRef = 100;
  const heartbeat = setInterval(() => {
    const frame = JSON.stringify([null, String(heartbeatRef++), 'phoenix', 'heartbeat', {}]);
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  }, 20_000);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const received = new Map<number, number[]>();
  const opened = performance.now();
  const BATCH = 100;
  for (let i = 0; i < CONNECTIONS; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, CONNECTIONS - i) }, async () => {
        const ws = new WebSocket(url);
        sockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () =>
            ws.send(JSON.stringify(['1', '1', 'realtime:live', 'phx_join', { config: {} }])),
          );
          ws.on('message', (data) => {
            const [, ref, , event, payload] = JSON.parse(String(data));
            if (event === 'phx_reply' && ref === '1') return resolve();
            if (event === 'broadcast') {
              const { seq, sentAt } = payload.payload as { seq: number; sentAt: number };
              received.get(seq)?.push(performance.timeOrigin + performance.now() - sentAt);
            }
          });
          // A socket that fails to connect is counted, not fatal: the figures say how many joined.
          ws.on('error', () => {
            failed += 1;
            resolve();
          });
          void reject;
        });
      }),
    );
  }
  const openSeconds = (performance.now() - opened) / 1000;
  global.gc?.();
  const rssAfter = process.memoryUsage().rss;

  const completion: number[] = [];
  const deliveries: number[] = [];
  for (let seq = 0; seq < BROADCASTS; seq++) {
    const arrivals: number[] = [];
    received.set(seq, arrivals);
    const sentAt = performance.timeOrigin + performance.now();
    publishAfterCommit(deps.db, {
      organizationId: org.id,
      topic: 'live',
      event: 'poll_results',
      payload: { challengeId: randomUUID(), seq, sentAt },
    });
    const deadline = Date.now() + 10_000;
    while (arrivals.length < CONNECTIONS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    completion.push(Math.max(...arrivals));
    deliveries.push(...arrivals);
    if (arrivals.length < CONNECTIONS) console.log(`  broadcast ${seq}: only ${arrivals.length} delivered`);
  }

  console.log(`realtime fan-out (${deps.events.kind} bus, ${CONNECTIONS} connections on one process)`);
  console.log(
    `  connect + join: ${openSeconds.toFixed(1)} s (${Math.round(CONNECTIONS / openSeconds)}/s), ${failed} failed`,
  );
  console.log(
    `  RSS: ${mb(rssAfter - rssBefore).toFixed(0)} MB for the connections (server and client side), ` +
      `${((mb(rssAfter - rssBefore) / CONNECTIONS) * 1000).toFixed(1)} MB per 1,000`,
  );
  console.log(
    `  broadcast reaches all: p50 ${quantile(completion, 0.5).toFixed(0)} ms, p99 ${quantile(completion, 0.99).toFixed(0)} ms` +
      ` (${BROADCASTS} broadcasts); per delivery p99 ${quantile(deliveries, 0.99).toFixed(0)} ms`,
  );

  clearInterval(heartbeat);
  for (const ws of sockets) ws.terminate();
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
