import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { compiledStatement } from './compiled-statement.ts';

const t = useTestApp();

describe('compiledStatement', () => {
  it('runs each call with its own values, in the order the SQL takes them', async () => {
    // Named b, a but used a, b, a: the order of the names must not matter, nor a repeated use.
    const triple = compiledStatement(['b', 'a'], (db, v) =>
      db.selectNoFrom([
        sql<string>`${v.a}::text`.as('first'),
        sql<string>`${v.b}::text`.as('second'),
        sql<string>`${v.a}::text`.as('third'),
      ]),
    );
    expect((await triple(t.db, { a: 'x', b: 'y' })).rows).toEqual([{ first: 'x', second: 'y', third: 'x' }]);
    await t.db.transaction().execute(async (trx) => {
      expect((await triple(trx, { a: 'p', b: 'q' })).rows).toEqual([{ first: 'p', second: 'q', third: 'p' }]);
    });
  });

  it('refuses a statement with a value built in, which every later call would repeat', async () => {
    const frozen = compiledStatement(['a'], (db, v) =>
      db.selectNoFrom([sql<string>`${v.a}::text`.as('a'), sql<string>`${'built in'}::text`.as('b')]),
    );
    await expect(frozen(t.db, { a: 'x' })).rejects.toThrow(/not a placeholder/);
  });
});
