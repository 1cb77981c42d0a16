import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCheckViolation, isDatabaseUnavailable, isUniqueViolation } from '../platform/sql-errors.ts';
import { type DatabaseHandle, openDatabase } from './engine.ts';
import { PGlitePool } from './pglite-pool.ts';
import { PGliteWorker } from './pglite-worker-client.ts';

/**
 * The embedded engine on its worker thread (decision 010, amendment): what the main thread gets
 * back must be what an in-process PGlite gave, and a dying thread must surface as an outage
 * (decision 014), never as a hung request or a crashed process. PGlite only: the PostgreSQL
 * project has no worker.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pglite-worker-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('PGlite on a worker thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await sql`create table worker_parent (id int primary key, label text not null unique,
      size int constraint worker_parent_size_small check (size < 10))`.execute(database.db);
    await sql`create table worker_child (parent_id int not null references worker_parent (id))`.execute(
      database.db,
    );
  });
  afterAll(() => database?.close());

  it('returns values as the in-process engine did: int8 and numeric as numbers, dates as text', async () => {
    const at = new Date('2026-06-01T12:00:00.123Z');
    const { rows } = await sql<Record<string, unknown>>`select 9007199254740991::int8 as big,
      12.5::numeric as ratio, '2008-02-29'::date as birthday, ${at}::timestamptz as at,
      null::text as nothing, '{"first_name": "Ada", "n": [1, 2]}'::jsonb as meta,
      '\\x00ff'::bytea as bytes, true as yes`.execute(database.db);
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      ratio: 12.5,
      birthday: '2008-02-29',
      at,
      nothing: null,
      meta: { first_name: 'Ada', n: [1, 2] },
      bytes: new Uint8Array([0, 255]),
      yes: true,
    });
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('passes parameters of every kind through the thread boundary', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const { rows } = await sql<{ at: Date; n: number; j: unknown; t: string | null }>`select
      ${at}::timestamptz as at, ${42}::int as n, ${JSON.stringify({ a: 1 })}::jsonb as j, ${null}::text as t`.execute(
      database.db,
    );
    expect(rows[0]).toEqual({ at, n: 42, j: { a: 1 }, t: null });
  });

  it('raises PostgreSQL errors with the fields the services read (code, constraint, detail)', async () => {
    await sql`insert into worker_parent values (1, 'one', 1)`.execute(database.db);
    const duplicate = await sql`insert into worker_parent values (2, 'one', 1)`
      .execute(database.db)
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 'worker_parent_label_key',
      detail: 'Key (label)=(one) already exists.',
      table: 'worker_parent',
      severity: 'ERROR',
    });
    expect(isUniqueViolation(duplicate, 'worker_parent_label_key')).toBe(true);

    const tooBig = await sql`insert into worker_parent values (3, 'three', 99)`
      .execute(database.db)
      .catch((e: unknown) => e);
    expect(isCheckViolation(tooBig, 'worker_parent_size_small')).toBe(true);

    const orphan = await sql`insert into worker_child values (404)`
      .execute(database.db)
      .catch((e: unknown) => e);
    expect(orphan).toMatchObject({ code: '23503', constraint: 'worker_child_parent_id_fkey' });

    const serialization = await sql`do $$ begin raise exception 'conflict' using errcode = '40001'; end $$`
      .execute(database.db)
      .catch((e: unknown) => e);
    expect(serialization).toMatchObject({ code: '40001', message: 'conflict' });
    // The stack leads back to the caller on this thread, not only into the worker's WebAssembly.
    expect((serialization as Error).stack).toContain('pglite-worker.test.ts');
  });

  it('keeps a transaction to itself: others wait for its commit and never see a rolled-back row', async () => {
    let seenDuring: number | undefined;
    let outsideDone = false;
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into worker_parent values (10, 'ten', 1)`.execute(trx);
      // Queued behind the transaction's lease: it must not run (and see row 10) before commit.
      const outside = sql<{ n: number }>`select count(*)::int as n from worker_parent where id = 10`
        .execute(database.db)
        .then((r) => {
          outsideDone = true;
          seenDuring = r.rows[0]?.n;
        });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
      void outside;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seenDuring).toBe(1);

    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into worker_parent values (11, 'eleven', 1)`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from worker_parent where id = 11`.execute(database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('a transaction with no statement leaves nothing open behind it (its begin is sent with the first one)', async () => {
    await sql`create table worker_empty_tx (id int)`.execute(database.db);
    await database.db.transaction().execute(async () => {});
    await sql`insert into worker_empty_tx values (1)`.execute(database.db);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into worker_empty_tx values (2)`.execute(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = await sql<{ id: number }>`select id from worker_empty_tx`.execute(database.db);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('never lets a statement sent without waiting land inside a transaction that is open', async () => {
    await sql`create table worker_pipelined (id int)`.execute(database.db);
    const count = () =>
      sql<{ n: number }>`select count(*)::int as n from worker_pipelined`
        .execute(database.db)
        .then((r) => r.rows[0]?.n);
    const before = Array.from({ length: 10 }, count);
    let during: Promise<number | undefined>[] = [];
    const transaction = database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into worker_pipelined values (1)`.execute(trx);
        during = Array.from({ length: 10 }, count);
        // This thread goes about other work mid-transaction, as a request handler does.
        await new Promise((resolve) => setTimeout(resolve, 30));
        await sql`insert into worker_pipelined values (2)`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    expect(await Promise.all(before)).toEqual(Array(10).fill(0));
    expect(await transaction).toBe('rolled back');
    // Asked for while the transaction was open: they ran after its rollback, never inside it.
    expect(await Promise.all(during)).toEqual(Array(10).fill(0));
  });

  it('a failed commit ends its transaction: its caller is answered at once, and the one queued behind it commits', async () => {
    await sql`create table worker_deferred (id int primary key,
      parent int references worker_deferred (id) deferrable initially deferred)`.execute(database.db);
    let releaseFirst: () => void = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let releaseQueued: () => void = () => {};
    const queuedHolds = new Promise<void>((resolve) => {
      releaseQueued = resolve;
    });
    // Its reference to a row that never exists fails only at commit (the key is deferred).
    const failing = database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into worker_deferred values (1, 99)`.execute(trx);
        await firstHolds;
      })
      .catch((error: { code?: string }) => error.code);
    // Waits for the engine, then goes out right behind that commit and holds the engine a while.
    const queued = database.db.transaction().execute(async (trx) => {
      await sql`insert into worker_deferred values (2, null)`.execute(trx);
      await queuedHolds;
      await sql`insert into worker_deferred values (3, 2)`.execute(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseFirst();
    // Kysely's rollback after the failed commit is not queued behind the open transaction (nor
    // sent into it): the failed transaction is over already.
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000));
    expect(await Promise.race([failing, waited])).toBe('23503');
    releaseQueued();
    await queued;
    const { rows } = await sql<{ id: number }>`select id from worker_deferred order by id`.execute(
      database.db,
    );
    expect(rows).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('reports the statements queued behind a slow one in the pool gauges (/metrics)', async () => {
    const slow = sql`select pg_sleep(0.2)`.execute(database.db);
    const queued = [1, 2, 3].map(() => sql`select 1`.execute(database.db));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(database.stats()).toEqual({ size: 1, idle: 0, waiting: 3 });
    await Promise.all([slow, ...queued]);
    expect(database.stats()).toEqual({ size: 1, idle: 1, waiting: 0 });
  });

  it('runs migrations-style multi-statement strings', async () => {
    await sql`create table worker_multi (id int); insert into worker_multi values (1), (2);`.execute(
      database.db,
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from worker_multi`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('leaves the event loop free while a slow statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = Date.now();
    await sql`select pg_sleep(0.4)`.execute(database.db);
    clearInterval(timer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    // In-process, the WebAssembly held the thread for the whole 400 ms and no timer fired.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });
});

describe.skipIf(onPostgres)('PGlite under a backlog (DATABASE_POOL_WAIT_MS)', () => {
  it('refuses unrun, as unavailable (503), what waited longer than the pool wait, and serves what comes after', async () => {
    const handle = await openDatabase({ dataDir: null, poolWaitMs: 200 });
    try {
      await sql`create table backlog_rows (id int primary key)`.execute(handle.db);
      const outcome = (p: Promise<unknown>) =>
        p.then(
          () => 'ran',
          (error: { code?: string }) => error,
        );
      // 500 ms of work in front: everything asked for meanwhile waits longer than 200 ms.
      const slow = sql`select pg_sleep(0.5)`.execute(handle.db);
      const insert = outcome(sql`insert into backlog_rows values (1)`.execute(handle.db));
      const transaction = outcome(
        handle.db.transaction().execute(async (trx) => {
          await sql`insert into backlog_rows values (2)`.execute(trx);
          await sql`insert into backlog_rows values (3)`.execute(trx);
        }),
      );
      await slow;
      for (const refused of [await insert, await transaction]) {
        expect(refused).toMatchObject({ code: '57014' });
        expect(isDatabaseUnavailable(refused)).toBe(true);
      }
      // Neither ran, and the refused transaction left none open: the next one commits alone.
      await handle.db.transaction().execute(async (trx) => {
        await sql`insert into backlog_rows values (4)`.execute(trx);
      });
      const { rows } = await sql<{ id: number }>`select id from backlog_rows order by id`.execute(handle.db);
      expect(rows).toEqual([{ id: 4 }]);
    } finally {
      await handle.close();
    }
  });

  it('runs a statement that waited less than the pool wait', async () => {
    const handle = await openDatabase({ dataDir: null, poolWaitMs: 2_000 });
    try {
      const slow = sql`select pg_sleep(0.3)`.execute(handle.db);
      const queued = sql<{ one: number }>`select 1 as one`.execute(handle.db);
      await slow;
      expect((await queued).rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(onPostgres)('a persisted PGlite on its worker thread', () => {
  it('keeps its data under DATA_DIR/pglite across a close and a reopen', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await sql`create table kept (v text)`.execute(first.db);
    await sql`insert into kept values ('still here')`.execute(first.db);
    await first.close();
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const second = await openDatabase({ dataDir });
    const { rows } = await sql<{ v: string }>`select v from kept`.execute(second.db);
    await second.close();
    expect(rows).toEqual([{ v: 'still here' }]);
  });

  it('when the thread dies: queries in flight fail as unavailable (503), it is reported, and the next query reopens the data', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const failures: Error[] = [];
    const start = () => PGliteWorker.start(dir, (error) => failures.push(error));
    const engine = await start();
    const pool = new PGlitePool(engine, start);
    const connection = await pool.connect();
    await connection.query('create table survivors (v int)', []);
    await connection.query('insert into survivors values (1)', []);
    const inFlight = connection.query('select pg_sleep(5)', []).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await engine.worker.terminate();
    const error = await inFlight;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(failures).toHaveLength(1);
    // The lease that began on the dead thread stays dead: its transaction cannot go on elsewhere.
    expect(isDatabaseUnavailable(await connection.query('select 1', []).catch((e: unknown) => e))).toBe(true);
    connection.release();

    const next = await pool.connect();
    const { rows } = await next.query('select v from survivors', []);
    next.release();
    expect(rows).toEqual([{ v: 1 }]);
    await pool.end();
  });

  it('an in-memory database that lost its thread answers unavailable instead of coming back empty', async () => {
    const failures: Error[] = [];
    const engine = await PGliteWorker.start(undefined, (error) => failures.push(error));
    const pool = new PGlitePool(engine);
    await engine.worker.terminate();
    const connection = await pool.connect();
    const error = await connection.query('select 1', []).catch((e: unknown) => e);
    connection.release();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(failures).toHaveLength(1);
    await pool.end();
  });
});

/**
 * Named statements on the embedded engine (decision 036, amendment "PGlite"): a text is parsed
 * once and then only bound, at most `mostPrepared` texts stay prepared, a statement whose result
 * a migration changed fails once and then runs again, and DATABASE_PREPARED_STATEMENTS=false
 * prepares nothing. pg_prepared_statements is the engine's own list of what its session holds.
 */
describe.skipIf(onPostgres)('PGlite named statements', () => {
  const open = async (preparedStatements = true, mostPrepared?: number) => {
    const engine = await PGliteWorker.start(undefined, () => {}, { preparedStatements, mostPrepared });
    const pool = new PGlitePool(engine);
    const connection = await pool.connect();
    const run = async (text: string, values: unknown[] = []) => (await connection.query(text, values)).rows;
    const prepared = async () =>
      (await run('select statement from pg_prepared_statements where statement not like $1 order by 1', [
        '%pg_prepared_statements%',
      ])) as { statement: string }[];
    const close = async () => {
      connection.release();
      await pool.end();
    };
    return { run, prepared, close };
  };

  it('parses a text once: the second call binds the statement the first prepared', async () => {
    const { run, prepared, close } = await open();
    expect(await run('select $1::int + 1 as n', [1])).toEqual([{ n: 2 }]);
    expect(await run('select $1::int + 1 as n', [41])).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual([{ statement: 'select $1::int + 1 as n' }]);
    await close();
  });

  it('keeps at most the bound, closing the least recently used text', async () => {
    const { run, prepared, close } = await open(true, 3);
    for (const n of [1, 2, 3]) await run(`select ${n} as n`);
    await run('select 1 as n'); // used again: now the most recent
    await run('select 4 as n'); // over the bound: "select 2" goes
    await run('select 5 as n'); // and "select 3"
    const held = (await prepared()).map((r) => r.statement);
    expect(held).toContain('select 1 as n');
    expect(held).not.toContain('select 2 as n');
    expect(held).not.toContain('select 3 as n');
    // The bound, plus the one evicted last (closed in front of the next new text).
    expect(held.length).toBeLessThanOrEqual(4);
    expect(await run('select 2 as n')).toEqual([{ n: 2 }]);
    await close();
  });

  it('a statement whose result type a migration changed fails once (0A000), then runs prepared again', async () => {
    const { run, close } = await open();
    await run('create table widening (id int)');
    await run('insert into widening values (1)');
    expect(await run('select * from widening')).toEqual([{ id: 1 }]);
    await run('alter table widening add column label text');
    const error = await run('select * from widening').catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('0A000');
    expect(await run('select * from widening')).toEqual([{ id: 1, label: null }]);
    expect(await run('select * from widening')).toEqual([{ id: 1, label: null }]);
    await close();
  });

  it('a transaction whose begin travelled with its first, prepared, statement still rolls back', async () => {
    const { run, close } = await open();
    await run('create table undone (id int)');
    await run('insert into undone values ($1)', [1]);
    await run('begin');
    await run('insert into undone values ($1)', [2]);
    await run('rollback');
    expect(await run('select id from undone order by id')).toEqual([{ id: 1 }]);
    await close();
  });

  it('DATABASE_PREPARED_STATEMENTS=false prepares nothing', async () => {
    const { run, prepared, close } = await open(false);
    await run('select $1::int as n', [1]);
    await run('select $1::int as n', [2]);
    expect(await prepared()).toEqual([]);
    await close();
  });
});

/** The tests' template (server/test/pglite-global-setup.ts): a dump starts another database as it was. */
describe.skipIf(onPostgres)('PGlite from a dump', () => {
  it('starts an in-memory database with the rows and schema of the one dumped, independent of it', async () => {
    const first = await openDatabase({ dataDir: null });
    let dump: Uint8Array;
    try {
      await sql`create table laps (driver text primary key, lap int not null)`.execute(first.db);
      await sql`insert into laps values ('Ada', 41)`.execute(first.db);
      dump = await first.dump!();
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir: null, loadDataDir: dump });
    try {
      await sql`insert into laps values ('Bo', 42)`.execute(second.db);
      const { rows } = await sql<{ driver: string; lap: number }>`select * from laps order by driver`.execute(
        second.db,
      );
      expect(rows).toEqual([
        { driver: 'Ada', lap: 41 },
        { driver: 'Bo', lap: 42 },
      ]);
    } finally {
      await second.close();
    }
    // A third from the same dump never saw the second's row.
    const third = await openDatabase({ dataDir: null, loadDataDir: dump });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from laps`.execute(third.db);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await third.close();
    }
  });
});
