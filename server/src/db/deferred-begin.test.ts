import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, onRealPostgres } from '../test/test-app.ts';
import { isCommitRefused, refuseCommitWhen } from './commit-refusal.ts';
import { type DatabaseHandle, openDatabase } from './engine.ts';
import { prepareStatement } from './prepared-statements.ts';

// deferred-begin.ts: on PostgreSQL a transaction's `begin` leaves with its first statement. What
// must not change: the statement runs inside the transaction, a rollback undoes it, a failed
// statement leaves the pooled connection usable, and a transaction with no statement is fine.
describe.runIf(onRealPostgres)('a transaction whose begin travels with its first statement', () => {
  let handle: DatabaseHandle;
  const table = `deferred_begin_${process.pid}_${Date.now()}`;
  const rows = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(handle.db)).rows[0]
      ?.n;

  beforeAll(async () => {
    // One connection: every transaction below reuses the client the previous one released.
    handle = await openDatabase({ databaseUrl: TEST_DATABASE_URL, poolSize: 1 });
    await sql`create table ${sql.table(table)} (id int primary key)`.execute(handle.db);
  });
  afterAll(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(handle.db);
    await handle.close();
  });

  it('undoes the first statement when the transaction rolls back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.table(table)} values (1)`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await rows()).toBe(0);
  });

  it('runs the first statement inside the transaction, and commits it with the rest', async () => {
    const inside = await handle.db.transaction().execute(async (trx) => {
      // Outside one transaction, each txid_current() would be a transaction (and an id) of its own.
      await sql`insert into ${sql.table(table)} values (2)`.execute(trx);
      const first = await sql<{ id: string }>`select txid_current()::text as id`.execute(trx);
      await sql`insert into ${sql.table(table)} values (3)`.execute(trx);
      const second = await sql<{ id: string }>`select txid_current()::text as id`.execute(trx);
      return [first.rows[0]?.id, second.rows[0]?.id];
    });
    expect(inside[0]).toBeDefined();
    expect(inside[0]).toBe(inside[1]);
    expect(await rows()).toBe(2);
  });

  it('keeps the connection usable after a failed first statement and after an empty transaction', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.table(table)} values (2)`.execute(trx); // duplicate key
      }),
    ).rejects.toThrow(/duplicate key/);
    await handle.db.transaction().execute(async () => {});
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into ${sql.table(table)} values (4)`.execute(trx);
    });
    expect(await rows()).toBe(3);
    const status = await sql<{ open: boolean }>`select now() = statement_timestamp() as open`.execute(
      handle.db,
    );
    // Outside a transaction now() is the statement's own time: the pooled client is not left in one.
    expect(status.rows[0]?.open).toBe(true);
  });

  // Decision 036, amendment of 2026-11-28 evening: a statement registered as its transaction's
  // last carries the commit in the same write.
  describe('a last statement that carries its commit', () => {
    const last = (sqlText: string) => {
      prepareStatement(sqlText, { commits: true });
      return sql.raw(sqlText);
    };
    const fromAnotherConnection = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        return (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;
      } finally {
        await client.end();
      }
    };

    it('is committed once it answers, before the transaction’s code returns', async () => {
      const before = await rows();
      const seen = await handle.db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.table(table)} values (10)`.execute(trx);
        await last(`insert into ${table} values (11)`).execute(trx);
        return fromAnotherConnection();
      });
      expect(seen).toBe((before ?? 0) + 2);
      expect(await rows()).toBe((before ?? 0) + 2);
    });

    it('rolls the whole transaction back when it fails, and the connection stays usable', async () => {
      const before = await rows();
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await sql`insert into ${sql.table(table)} values (20)`.execute(trx);
          await last(`insert into ${table} values (11)`).execute(trx); // duplicate key
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await rows()).toBe(before);
      await handle.db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.table(table)} values (21)`.execute(trx);
      });
      expect(await rows()).toBe((before ?? 0) + 1);
    });

    it('lets a read follow it but refuses a write, which would commit on its own', async () => {
      const before = await rows();
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await last(`insert into ${table} values (30)`).execute(trx);
          const read = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
            trx,
          );
          expect(read.rows[0]?.n).toBe((before ?? 0) + 1);
          await sql`insert into ${sql.table(table)} values (31)`.execute(trx);
        }),
      ).rejects.toThrow("A write after its transaction's last statement");
      expect(await rows()).toBe((before ?? 0) + 1);
    });

    it('refuses to commit when its own check says a further write is needed, undoing the transaction', async () => {
      const before = await rows();
      const refusing = (id: number, needed: boolean) =>
        last(
          `insert into ${table} select ${id} where ${
            refuseCommitWhen(sql<boolean>`${sql.lit(needed)}`, 'test').compile(handle.db).sql
          } is not null`,
        );
      const outcome = await handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into ${sql.table(table)} values (40)`.execute(trx);
          await refusing(41, true).execute(trx);
        })
        .catch((error: unknown) => error);
      expect(isCommitRefused(outcome)).toBe(true);
      expect(await rows()).toBe(before);
      await handle.db.transaction().execute(async (trx) => {
        await refusing(42, false).execute(trx);
      });
      expect(await rows()).toBe((before ?? 0) + 1);
    });

    it('outside a transaction runs as any statement', async () => {
      const before = await rows();
      await last(`insert into ${table} values (50)`).execute(handle.db);
      await handle.db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.table(table)} values (51)`.execute(trx);
      });
      expect(await rows()).toBe((before ?? 0) + 2);
    });
  });
});
