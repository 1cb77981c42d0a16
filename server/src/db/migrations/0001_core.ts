import { type Kysely, sql } from 'kysely';

/**
 * Tenancy, fans, sessions, consents, media, the outbox, the audit log and the points ledger:
 * the tables every domain stands on. Every row carries organization_id (decision 004).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organizations (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      name text not null,
      publishable_key text not null unique,
      time_zone text not null default 'Europe/London',
      default_locale text not null default 'en',
      branding jsonb not null default '{}',
      settings jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table ranks (
      organization_id uuid not null references organizations(id) on delete cascade,
      code text not null check (code ~ '^P([1-9]|10)$'),
      name text not null,
      min_points integer not null check (min_points >= 0),
      benefits text,
      primary key (organization_id, code)
    );

    create table users (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      email text,
      phone text,
      encrypted_password text,
      email_confirmed_at timestamptz,
      phone_confirmed_at timestamptz,
      confirmation_sent_at timestamptz,
      last_sign_in_at timestamptz,
      banned_until timestamptz,
      is_anonymous boolean not null default false,
      app_metadata jsonb not null default '{}',
      user_metadata jsonb not null default '{}',
      username text,
      first_name text,
      last_name text,
      phone_number text,
      zip_code text,
      country text,
      birthday date,
      properties jsonb not null default '{}',
      avatar_media_id uuid,
      onboarded_at timestamptz,
      points integer not null default 0 check (points >= 0),
      lifetime_points integer not null default 0 check (lifetime_points >= 0),
      referral_code text not null,
      referred_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_org_email on users (organization_id, lower(email)) where email is not null;
    create unique index users_org_phone on users (organization_id, phone) where phone is not null;
    create unique index users_org_referral on users (organization_id, referral_code);

    create table sessions (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      aal text not null default 'aal1',
      amr jsonb not null default '[]',
      factor_id uuid,
      ip text,
      user_agent text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      refreshed_at timestamptz,
      not_after timestamptz
    );
    create index sessions_user on sessions (user_id);

    create table refresh_tokens (
      id bigserial primary key,
      token text not null unique,
      session_id uuid not null references sessions(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      parent text,
      revoked boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index refresh_tokens_session on refresh_tokens (session_id);

    create table consent_types (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      key text not null,
      name text not null,
      description text not null default '',
      required boolean not null default false,
      sort_order integer not null default 0,
      unique (organization_id, key)
    );

    create table user_consents (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      consent_type_id uuid not null references consent_types(id) on delete cascade,
      value integer not null default 0,
      data jsonb,
      updated_at timestamptz not null default now(),
      unique (user_id, consent_type_id)
    );

    create table consent_history (
      id bigserial primary key,
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      consent_type_id uuid not null references consent_types(id) on delete cascade,
      previous_value integer,
      value integer not null,
      data jsonb,
      changed_at timestamptz not null default now()
    );

    create table media (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      owner_user_id uuid references users(id) on delete set null,
      purpose text not null,
      content_type text not null,
      byte_size integer not null,
      storage_key text not null,
      original_name text,
      created_at timestamptz not null default now()
    );

    create table outbox (
      id bigserial primary key,
      organization_id uuid references organizations(id) on delete cascade,
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text,
      body text not null,
      payload jsonb not null default '{}',
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      error text
    );
    create index outbox_recipient on outbox (recipient, created_at desc);

    create table audit_log (
      id bigserial primary key,
      organization_id uuid not null references organizations(id) on delete cascade,
      actor_user_id uuid references users(id) on delete set null,
      action text not null,
      target_type text not null,
      target_id text,
      before jsonb,
      after jsonb,
      created_at timestamptz not null default now()
    );
    create index audit_log_org on audit_log (organization_id, created_at desc);

    create table point_transactions (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      amount integer not null check (amount <> 0),
      kind text not null,
      reference text,
      description text not null,
      once_key text,
      created_at timestamptz not null default now()
    );
    create index point_transactions_user on point_transactions (user_id, created_at desc, id);
    -- decision 005: a once-only award carries a key, so a retry or a race cannot pay twice.
    create unique index point_transactions_once on point_transactions (user_id, once_key) where once_key is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table point_transactions, audit_log, outbox, media, consent_history, user_consents,
      consent_types, refresh_tokens, sessions, users, ranks, organizations cascade;
  `.execute(db);
}
