import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { AggregatorRegistry } from 'prom-client';
import { generatePrivateJwk } from './auth/signing-keys.ts';
import type { Env } from './config.ts';
import { type Database, openDatabase } from './db/engine.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registry } from './platform/metrics.ts';
import { loadSecrets } from './platform/secrets.ts';

/**
 * WORKERS=N (decision 016): N server processes on one machine sharing the listening port
 * through node:cluster. The primary serves nothing itself: it migrates, creates the shared
 * secrets and seeds the demo ONCE, then forks the workers, restarts one that dies, forwards
 * SIGTERM/SIGINT for a graceful stop, and answers the workers' requests for the metrics of all.
 */
const METRICS_REQUEST = 'paddock:metrics-request';
const METRICS_REPLY = 'paddock:metrics-reply';

export function workerCount(env: Pick<Env, 'WORKERS'>): number {
  return env.WORKERS === 'auto' ? availableParallelism() : env.WORKERS;
}

/**
 * Seeds the demo organization when SEED_DEMO asks for it and the database is empty; returns the
 * banner lines naming its logins (none when nothing was seeded). One process seeds: the only
 * one (main.ts) or the cluster's primary before it forks.
 */
export async function seedDemoBanner(env: Pick<Env, 'SEED_DEMO'>, db: Database): Promise<string[]> {
  if (!env.SEED_DEMO) return [];
  // Loaded only when SEED_DEMO asks for it: no module of the app imports seed/.
  const { seedDemoIfEmpty } = await import('./seed/seed-demo.ts');
  const seeded = await seedDemoIfEmpty(db);
  if (!seeded) return [];
  return [
    '  Demo data created (Apex Racing).',
    `  Fan:      ${seeded.fan.email} / ${seeded.fan.password}`,
    `  Operator: ${seeded.operator.email} / ${seeded.operator.password}`,
  ];
}

/** Migrations, secrets and the demo seed, before any worker serves (none races another). */
async function prepareDatabase(env: Env): Promise<string[]> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
  });
  try {
    const migrated = await migrateToLatest(database.db);
    await loadSecrets(database.db, env, generatePrivateJwk);
    const banner: string[] = [];
    if (migrated.length > 0) banner.push(`  Database migrated: ${migrated.join(', ')}`);
    banner.push(...(await seedDemoBanner(env, database.db)));
    return banner;
  } finally {
    await database.close();
  }
}

export async function runPrimary(env: Env, count: number): Promise<void> {
  if (!env.DATABASE_URL) {
    throw new Error(
      `WORKERS=${env.WORKERS} needs DATABASE_URL: the embedded database belongs to one process. Set DATABASE_URL to a PostgreSQL server, or WORKERS=1.`,
    );
  }
  const banner = await prepareDatabase(env);
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let listening = 0;

  const fork = (): Worker => {
    // The primary has seeded already: workers must not race each other to do it again.
    const worker = cluster.fork({ SEED_DEMO: 'false', PADDOCK_CLUSTER_WORKER: '1' });
    worker.on('message', async (message: { type?: string; id?: number }) => {
      if (message?.type !== METRICS_REQUEST) return;
      const text = await aggregator
        .clusterMetrics()
        .catch((error: Error) => `# metrics unavailable: ${error.message}\n`);
      worker.send({ type: METRICS_REPLY, id: message.id, text });
    });
    worker.once('listening', () => {
      listening++;
      if (listening === count) {
        const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
        banner.push(`  Paddock is running on http://${shown}:${env.PORT} (postgres, ${count} workers)`);
        console.log(`\n${banner.join('\n')}\n`);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1_000);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    for (const worker of workers) worker.process.kill(signal);
    const deadline = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 5_000);
    deadline.unref();
    const waitAll = workers.map((w) =>
      w.isDead() ? Promise.resolve() : new Promise((r) => w.once('exit', r)),
    );
    void Promise.all(waitAll).then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
}

let nextRequest = 0;
const pending = new Map<number, (text: string) => void>();

/** In a worker: the metrics of every worker, aggregated by the primary (own figures if it is slow). */
export function clusterMetricsText(): Promise<string> {
  return new Promise((resolve) => {
    const id = ++nextRequest;
    const fallback = setTimeout(() => {
      pending.delete(id);
      void registry.metrics().then(resolve);
    }, 2_000);
    pending.set(id, (text) => {
      clearTimeout(fallback);
      resolve(text);
    });
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/** Worker side of the metrics exchange; call once when the worker starts. */
export function listenForClusterMetrics(): void {
  // Constructing one is what makes prom-client answer the primary's requests in this worker.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  process.on('message', (message: { type?: string; id?: number; text?: string }) => {
    if (message?.type !== METRICS_REPLY || message.id === undefined) return;
    pending.get(message.id)?.(message.text ?? '');
    pending.delete(message.id);
  });
}
