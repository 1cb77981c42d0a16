import { type Kysely, sql } from 'kysely';

/**
 * Sweepstakes (entries, free-method entries, a commit–reveal draw and its winners) and
 * activations with their badges. Every row carries organization_id (decision 004).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sweepstakes (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      title text not null,
      description text not null default '',
      prize text not null,
      media_id uuid references media(id) on delete set null,
      rules_media_id uuid references media(id) on delete set null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      cost_per_entry integer not null check (cost_per_entry > 0),
      max_entries_per_fan integer check (max_entries_per_fan > 0),
      -- ISO 3166-1 alpha-2 codes; null = every country.
      eligible_countries jsonb,
      free_entry_instructions text not null default '',
      winner_count integer not null default 1 check (winner_count > 0),
      -- Commit–reveal: seed_hash is public from creation; the seed only once drawn.
      seed text not null,
      seed_hash text not null,
      -- Frozen at the draw: the canonical entry list [{entrant, count}] and its SHA-256.
      frozen_entries jsonb,
      entries_hash text,
      drawn_at timestamptz,
      drawn_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at > starts_at)
    );
    create index sweepstakes_org on sweepstakes (organization_id, starts_at);

    -- One row per fan per sweepstake holding the fan's total, so the per-fan cap is one guarded
    -- upsert (the row lock serialises a fan's concurrent entries).
    create table sweepstake_entries (
      organization_id uuid not null references organizations(id) on delete cascade,
      sweepstake_id uuid not null references sweepstakes(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      -- Anonymised entrant id published in the frozen list (an HMAC, not the user id).
      entrant text not null,
      count integer not null check (count > 0),
      free_count integer not null default 0 check (free_count >= 0 and free_count <= count),
      points_spent integer not null default 0 check (points_spent >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (sweepstake_id, user_id),
      unique (sweepstake_id, entrant)
    );
    create index sweepstake_entries_user on sweepstake_entries (user_id);

    -- The free method of entry: at most one per fan per sweepstake (primary key).
    create table sweepstake_free_entries (
      organization_id uuid not null references organizations(id) on delete cascade,
      sweepstake_id uuid not null references sweepstakes(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (sweepstake_id, user_id)
    );

    create table sweepstake_winners (
      organization_id uuid not null references organizations(id) on delete cascade,
      sweepstake_id uuid not null references sweepstakes(id) on delete cascade,
      position integer not null check (position > 0),
      user_id uuid references users(id) on delete set null,
      entrant text not null,
      -- Snapshot at the draw ("Alex R."), so a later profile edit does not rewrite results.
      display_name text not null,
      created_at timestamptz not null default now(),
      primary key (sweepstake_id, position),
      unique (sweepstake_id, entrant)
    );

    create table activations (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      slug text not null check (slug ~ '^[a-z0-9][a-z0-9-]*$'),
      title text not null,
      description text not null default '',
      media_id uuid references media(id) on delete set null,
      starts_at timestamptz not null,
      stops_at timestamptz not null,
      bonus_points integer not null default 0 check (bonus_points >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (organization_id, slug),
      check (stops_at > starts_at)
    );

    create table badges (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      name text not null,
      description text not null default '',
      image_media_id uuid references media(id) on delete set null,
      -- What grants it: activation, challenge, manual…
      source text not null default 'activation',
      created_at timestamptz not null default now()
    );
    create index badges_org on badges (organization_id);

    create table activation_badges (
      organization_id uuid not null references organizations(id) on delete cascade,
      activation_id uuid not null references activations(id) on delete cascade,
      badge_id uuid not null references badges(id) on delete cascade,
      primary key (activation_id, badge_id)
    );

    -- Who activated what: the once-per-fan guard of activate-user.
    create table activation_users (
      organization_id uuid not null references organizations(id) on delete cascade,
      activation_id uuid not null references activations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      activated_at timestamptz not null,
      primary key (activation_id, user_id)
    );

    create table user_badges (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      badge_id uuid not null references badges(id) on delete cascade,
      earned_at timestamptz not null,
      -- How it was earned (activation, manual…) and the object it came from.
      how text not null,
      reference text,
      unique (user_id, badge_id)
    );
    create index user_badges_user on user_badges (user_id, earned_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table user_badges, activation_users, activation_badges, badges, activations,
      sweepstake_winners, sweepstake_free_entries, sweepstake_entries, sweepstakes cascade;
  `.execute(db);
}
