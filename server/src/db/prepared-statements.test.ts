import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledStatement } from '../platform/compiled-statement.ts';
import { TEST_DATABASE_URL, onRealPostgres } from '../test/test-app.ts';
import { type DatabaseHandle, openDatabase } from './engine.ts';

// prepared-statements.ts: a compiled statement is parsed once per connection on PostgreSQL,
// and a connection whose prepared statement went stale (a migration changed its table) recovers.
describe.runIf(onRealPostgres)('compiled statements as named statements on PostgreSQL', () => {
  let handle: DatabaseHandle;
  const table = `prepared_${process.pid}_${Date.now()}`;
  const readAll = compiledStatement(['min'], (db, v) =>
    // biome-ignore lint/suspicious/noExplicitAny: a table made by this test, not in the schema.
    (db as any).selectFrom(table).selectAll().where('a', '>=', v.min).orderBy('a'),
  );
  const preparedHere = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(handle.db)
    ).rows;

  beforeAll(async () => {
    // One connection: every call below runs on the same PostgreSQL session.
    handle = await openDatabase({ databaseUrl: TEST_DATABASE_URL, poolSize: 1 });
    await sql`create table ${sql.table(table)} (a int primary key)`.execute(handle.db);
    await sql`insert into ${sql.table(table)} values (1), (2), (3)`.execute(handle.db);
  });
  afterAll(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(handle.db);
    await handle.close();
  });

  it('prepares the statement once on the connection and binds each call’s values', async () => {
    expect((await readAll(handle.db, { min: 2 })).rows).toEqual([{ a: 2 }, { a: 3 }]);
    expect((await readAll(handle.db, { min: 3 })).rows).toEqual([{ a: 3 }]);
    const mine = (await preparedHere()).filter((p) => p.statement.includes(table));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toMatch(/^paddock_\d+$/);
  });

  it('fails once when a migration changed the rows the statement returns, then works on a fresh name', async () => {
    await readAll(handle.db, { min: 1 });
    await sql`alter table ${sql.table(table)} add column b int not null default 7`.execute(handle.db);
    await expect(readAll(handle.db, { min: 1 })).rejects.toMatchObject({ code: '0A000' });
    expect((await readAll(handle.db, { min: 3 })).rows).toEqual([{ a: 3, b: 7 }]);
    const mine = (await preparedHere()).filter((p) => p.statement.includes(table)).map((p) => p.name);
    expect(mine.some((name) => /^paddock_\d+_1$/.test(name))).toBe(true);
  });

  it('sends them unnamed when DATABASE_PREPARED_STATEMENTS is off (a pooler that moves clients between connections)', async () => {
    const unprepared = await openDatabase({
      databaseUrl: TEST_DATABASE_URL,
      poolSize: 1,
      preparedStatements: false,
    });
    try {
      expect((await readAll(unprepared.db, { min: 3 })).rows).toEqual([{ a: 3, b: 7 }]);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements`.execute(unprepared.db);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await unprepared.close();
    }
  });
});
