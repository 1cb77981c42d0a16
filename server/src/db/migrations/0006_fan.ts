import { type Kysely, sql } from 'kysely';

/**
 * The fan's own data beyond the core user row: carousel dismissals (product §3 "dismissed set",
 * kept per fan on the server so it follows them across devices), the e-mail a fan gave to
 * POST /user/me/identify, and the index that counts a referrer's sign-ups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table carousel_dismissals (
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      item_id text not null,
      dismissed_at timestamptz not null default now(),
      primary key (user_id, item_id)
    );

    create table fan_identities (
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid primary key references users(id) on delete cascade,
      email text not null,
      identified_at timestamptz not null default now()
    );

    create index users_referred_by on users (organization_id, referred_by) where referred_by is not null;
    create index media_owner on media (owner_user_id) where owner_user_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists media_owner;
    drop index if exists users_referred_by;
    drop table fan_identities, carousel_dismissals;
  `.execute(db);
}
