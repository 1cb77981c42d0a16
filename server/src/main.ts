import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { createDeps } from './bootstrap.ts';
import {
  clusterMetricsText,
  listenForClusterMetrics,
  runPrimary,
  seedDemoBanner,
  workerCount,
} from './cluster.ts';
import { type Env, parseEnv } from './config.ts';
import { loggerOptions } from './platform/request-log.ts';

/** One server process: the whole app on PORT (alone, or as one of WORKERS under cluster.ts). */
async function serve(env: Env, inCluster: boolean) {
  if (inCluster) listenForClusterMetrics();
  const { deps, database, migrated } = await createDeps(env);
  const logger = loggerOptions(env.LOG_LEVEL, process.stdout.isTTY === true);
  const app = await buildApp(deps, {
    logger: { level: logger.level, stream: logger.stream },
    ...(inCluster ? { renderMetrics: clusterMetricsText } : {}),
  });
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');
  const banner = await seedDemoBanner(env, deps.db);

  // Graceful stop (decision 014): /ready turns red, the listener closes, requests in flight
  // finish (bounded by SHUTDOWN_TIMEOUT_MS), then the pools close and the process exits 0. A
  // second signal or the timeout exits at once.
  closeWithGrace({ delay: env.SHUTDOWN_TIMEOUT_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    deps.draining = true;
    await app.close();
    await database.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  if (inCluster) return;
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  // Printed last, after the listen log, so the URL and the demo logins are what the terminal ends on.
  banner.push(`  Paddock is running on http://${shown}:${env.PORT} (${database.engine})`);
  await logger.flush();
  console.log(`\n${banner.join('\n')}\n`);
}

async function main() {
  const env = parseEnv();
  const workers = workerCount(env);
  if (cluster.isPrimary && workers > 1) return runPrimary(env, workers);
  return serve(env, cluster.isWorker);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
