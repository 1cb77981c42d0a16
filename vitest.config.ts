import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const realPostgres = process.env.TEST_DATABASE_URL;

/**
 * `npm test`: contracts, server and web unit tests. The server suite runs on the embedded
 * PGlite, and a second time on the real PostgreSQL named by TEST_DATABASE_URL when set.
 * Browser journeys live in web/e2e (npm run e2e).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, which left
    // the second core idle while a file waited on its database. Two files at once there cut the
    // suite's time (README, "Commands"); three were slower than two on that machine. Larger
    // machines keep Vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'] } },
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/bench/**/*.test.ts'],
          env: { TEST_DATABASE_URL: '' },
          // Every file's PGlite starts from one migrated template instead of initdb.
          globalSetup: ['server/test/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(realPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['server/src/**/*.test.ts'],
                env: { TEST_DATABASE_URL: realPostgres },
                globalSetup: ['server/test/postgres-global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
});
