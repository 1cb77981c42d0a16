import type { Compilable, CompiledQuery } from 'kysely';
import { vi } from 'vitest';
import type { Database } from '../db/engine.ts';

const restarted = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/**
 * Makes every read of `table` through `db` fail as a restarted PostgreSQL fails it (57P01), the
 * other tables untouched; returns the undo. For the paths that must answer a database outage as
 * one (decision 014), never as a refusal of the fan. Both kinds of read fail: a query built per
 * call (`selectFrom`) and a statement compiled once (`executeQuery`, platform/compiled-statement.ts).
 */
export function failReadsOf(db: Database, table: string): () => void {
  const select = db.selectFrom.bind(db);
  const selects = vi.spyOn(db, 'selectFrom').mockImplementation(((name: Parameters<typeof select>[0]) => {
    if (name === table) throw restarted();
    return select(name);
  }) as typeof db.selectFrom);
  const execute = db.executeQuery.bind(db);
  const executes = vi.spyOn(db, 'executeQuery').mockImplementation(((
    query: Parameters<typeof execute>[0],
  ) => {
    if (readsTable(query, table)) return Promise.reject(restarted());
    return execute(query);
  }) as typeof db.executeQuery);
  return () => {
    selects.mockRestore();
    executes.mockRestore();
  };
}

/** Whether a statement passed to `executeQuery` reads `table` (Kysely quotes the names it writes). */
export function readsTable(query: CompiledQuery | Compilable, table: string): boolean {
  const text = 'sql' in query ? query.sql : query.compile().sql;
  return text.includes(`from "${table}"`);
}
