import { type Kysely, sql } from 'kysely';

/**
 * Decision 038: a session keeps the SHA-256 of the last access token minted for it, so a fan's
 * first call with that token is proved by the session row the call reads anyway (the sign-out
 * check), without the ES256 verification. Null for sessions whose token predates this column:
 * their tokens are verified by signature, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column access_token_digest text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column access_token_digest`.execute(db);
}
