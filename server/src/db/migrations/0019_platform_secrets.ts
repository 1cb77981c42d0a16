import { type Kysely, sql } from 'kysely';

/**
 * Decision 016: generated secrets (the JWT signing key, the app secret) live in the database, so
 * every server process on it signs and verifies with the same keys. A rotated signing key stays
 * here as `jwt_previous_private_jwk` so tokens it signed keep verifying until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table platform_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table platform_secrets`.execute(db);
}
