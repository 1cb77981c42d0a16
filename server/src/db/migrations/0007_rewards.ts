import { type Kysely, sql } from 'kysely';

/**
 * Rewards beyond sweepstakes (product §12): offers with a pool of unique codes, time-boxed point
 * boosts (organization-wide or one fan's, some granted by a badge), and the milestone badge
 * rules. Every row carries organization_id (decision 004).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table offers (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      title text not null,
      body text not null default '',
      media_id uuid references media(id) on delete set null,
      -- Points spent on claiming; 0 = free.
      cost integer not null default 0 check (cost >= 0),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      min_rank_code text check (min_rank_code ~ '^P([1-9]|10)$'),
      min_age integer check (min_age between 1 and 120),
      -- Claims allowed in all; null = limited only by the code pool (or unlimited for an instruction).
      stock integer check (stock >= 0),
      -- codes: each claim takes one code from offer_codes; instruction: every claimant sees the same text.
      redemption text not null check (redemption in ('codes', 'instruction')),
      instruction text not null default '',
      -- Claims so far; the guarded increment (claimed_count < stock) is the stock check.
      claimed_count integer not null default 0 check (claimed_count >= 0),
      archived_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at > starts_at),
      check (stock is null or claimed_count <= stock)
    );
    create index offers_org on offers (organization_id, starts_at desc);

    create table offer_codes (
      id uuid primary key default gen_random_uuid(),
      -- Import order: codes are handed out first in, first out.
      seq bigint generated always as identity,
      organization_id uuid not null references organizations(id) on delete cascade,
      offer_id uuid not null references offers(id) on delete cascade,
      code text not null check (length(code) between 1 and 200),
      claimed_by uuid references users(id) on delete set null,
      claimed_at timestamptz,
      created_at timestamptz not null default now(),
      -- A code exists once per offer, so an import can never hand the same code out twice.
      unique (offer_id, code)
    );
    -- The claim path picks the next free code of an offer with FOR UPDATE SKIP LOCKED.
    create index offer_codes_free on offer_codes (offer_id, seq) where claimed_at is null;

    create table offer_claims (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      offer_id uuid not null references offers(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      -- Unique: a code is never given to two claims.
      code_id uuid unique references offer_codes(id) on delete restrict,
      points_spent integer not null default 0 check (points_spent >= 0),
      claimed_at timestamptz not null,
      -- One claim per fan per offer; concurrent double taps meet on this key.
      unique (offer_id, user_id)
    );
    create index offer_claims_user on offer_claims (user_id);

    create table boosts (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      -- Shown in the ledger line: "Poll answered ×2 race-weekend boost".
      name text not null,
      multiplier double precision not null check (multiplier > 1 and multiplier <= 10),
      earning text not null check (earning in ('all', 'challenges', 'content', 'checkin')),
      -- null = every fan of the organization; else this fan only.
      user_id uuid references users(id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      -- The badge whose template granted it (personal boosts from an activation badge).
      badge_id uuid references badges(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at > starts_at)
    );
    create index boosts_org_window on boosts (organization_id, ends_at);
    -- A badge's boost is granted to a fan at most once.
    create unique index boosts_badge_once on boosts (user_id, badge_id) where badge_id is not null;

    -- A boost template carried by a badge: holding the badge grants this personal boost.
    create table badge_boosts (
      organization_id uuid not null references organizations(id) on delete cascade,
      badge_id uuid primary key references badges(id) on delete cascade,
      name text not null,
      multiplier double precision not null check (multiplier > 1 and multiplier <= 10),
      earning text not null check (earning in ('all', 'challenges', 'content', 'checkin')),
      duration_minutes integer not null check (duration_minutes > 0)
    );

    -- The organization's automatic milestone badges (streak 7/30/100, first pick'em won, season).
    create table milestone_badges (
      organization_id uuid not null references organizations(id) on delete cascade,
      key text not null check (key in ('streak_7', 'streak_30', 'streak_100', 'first_pickem_won', 'season_participation')),
      badge_id uuid not null unique references badges(id) on delete cascade,
      enabled boolean not null default true,
      primary key (organization_id, key)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table milestone_badges, badge_boosts, boosts, offer_claims, offer_codes, offers cascade;
  `.execute(db);
}
