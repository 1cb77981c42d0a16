import { describe } from 'vitest';
import { onRealPostgres } from './test-app.ts';

/**
 * A describe block that needs a real PostgreSQL: concurrent requests racing for the same rows,
 * which PGlite (one connection) runs one after the other and so cannot prove anything about. On
 * PGlite the block is reported as skipped, and the run says how to run it, rather than passing
 * quietly.
 */
export function describeOnPostgres(name: string, tests: () => void): void {
  if (!onRealPostgres)
    console.info(`${name}: skipped (set TEST_DATABASE_URL to run it on a real PostgreSQL)`);
  describe.runIf(onRealPostgres)(name, tests);
}
