import { vi } from 'vitest';
import type { Database } from '../db/engine.ts';

/**
 * Makes every read of `table` through `db` fail as a restarted PostgreSQL fails it (57P01), the
 * other tables untouched; returns the undo. For the paths that must answer a database outage as
 * one (decision 014), never as a refusal of the fan.
 */
export function failReadsOf(db: Database, table: string): () => void {
  const select = db.selectFrom.bind(db);
  const spy = vi.spyOn(db, 'selectFrom').mockImplementation(((name: Parameters<typeof select>[0]) => {
    if (name === table) {
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    }
    return select(name);
  }) as typeof db.selectFrom);
  return () => spy.mockRestore();
}
