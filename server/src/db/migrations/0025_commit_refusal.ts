import { type Kysely, sql } from 'kysely';

/**
 * Decision 036, amendment of 2026-11-28 evening: a write whose last statement carries its
 * transaction's `commit` in the same network write (db/deferred-begin.ts) must not commit when
 * its outcome needs a further write (a badge's boost, an organization's first milestone). The
 * statement checks that itself and calls this function, which aborts the statement: the commit
 * behind it then rolls the transaction back, and the caller runs it again the long way. SQLSTATE
 * PD001 is ours (class PD is not PostgreSQL's), so the caller tells it from any other failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function paddock_refuse_commit(reason text) returns boolean
    language plpgsql volatile as $$
    begin
      raise exception 'the statement needs a follow-up before its commit: %', reason using errcode = 'PD001';
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists paddock_refuse_commit(text)`.execute(db);
}
