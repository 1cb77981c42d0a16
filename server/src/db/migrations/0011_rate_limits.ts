import { type Kysely, sql } from 'kysely';

/**
 * Decision 014: rate-limit counters every server process shares when there is no Redis. One
 * row per key holds the current fixed window; a new window overwrites the old count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_counters (
      key text primary key,
      window_start bigint not null,
      count integer not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_counters`.execute(db);
}
