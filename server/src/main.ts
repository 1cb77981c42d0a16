import { buildApp } from './app.ts';
import { createDeps } from './bootstrap.ts';
import { parseEnv } from './config.ts';
import { loggerOptions } from './platform/request-log.ts';

async function main() {
  const env = parseEnv();
  const { deps, database, migrated } = await createDeps(env);
  const app = await buildApp(deps, {
    logger: loggerOptions(env.LOG_LEVEL, process.stdout.isTTY === true),
  });
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');
  const banner: string[] = [];
  if (env.SEED_DEMO) {
    // Loaded only when SEED_DEMO asks for it: no module of the app imports seed/.
    const { seedDemoIfEmpty } = await import('./seed/seed-demo.ts');
    const seeded = await seedDemoIfEmpty(deps.db);
    if (seeded) {
      banner.push(
        '  Demo data created (Apex Racing).',
        `  Fan:      ${seeded.fan.email} / ${seeded.fan.password}`,
        `  Operator: ${seeded.operator.email} / ${seeded.operator.password}`,
      );
    }
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  // Printed last, after the listen log, so the URL and the demo logins are what the terminal ends on.
  banner.push(`  Paddock is running on http://${shown}:${env.PORT} (${database.engine})`);
  console.log(`\n${banner.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
