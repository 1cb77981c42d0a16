import { type Kysely, sql } from 'kysely';

/**
 * Product §10.2.4 item 4: a fan's untimed mode (WCAG 2.2.1). Off by default; the fan turns it
 * on in the profile, and the server, not the client, decides how an untimed arcade run pays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column untimed_mode boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column untimed_mode`.execute(db);
}
