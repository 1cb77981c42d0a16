import { type Kysely, sql } from 'kysely';

/**
 * The GoTrue-compatible auth state beyond core sessions/refresh tokens (docs/auth-compat.md):
 * per-user auth state (pending e-mail change, send times), one-time tokens (mailed links and
 * codes, reauthentication nonces), PKCE flow states, TOTP factors and challenges, and
 * external identities (id_token grant). Every row carries organization_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auth_user_states (
      user_id uuid primary key references users(id) on delete cascade,
      organization_id uuid not null references organizations(id) on delete cascade,
      new_email text,
      new_phone text,
      email_change_sent_at timestamptz,
      phone_change_sent_at timestamptz,
      recovery_sent_at timestamptz,
      reauthentication_sent_at timestamptz,
      last_message_sent_at timestamptz,
      updated_at timestamptz not null default now()
    );

    create table auth_one_time_tokens (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      kind text not null,
      recipient text not null,
      token_hash text not null,
      code_hash text not null,
      flow_state_id uuid,
      redirect_to text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      consumed_at timestamptz
    );
    create unique index auth_one_time_tokens_hash on auth_one_time_tokens (token_hash);
    create index auth_one_time_tokens_user on auth_one_time_tokens (user_id, kind, created_at desc);

    create table auth_flow_states (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      auth_code uuid not null unique default gen_random_uuid(),
      code_challenge text not null,
      code_challenge_method text not null,
      authentication_method text not null,
      created_at timestamptz not null default now(),
      verified_at timestamptz
    );

    create table auth_mfa_factors (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      friendly_name text,
      factor_type text not null check (factor_type in ('totp', 'phone')),
      status text not null check (status in ('verified', 'unverified')),
      secret text not null,
      last_challenged_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index auth_mfa_factors_user on auth_mfa_factors (user_id);

    create table auth_mfa_challenges (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      factor_id uuid not null references auth_mfa_factors(id) on delete cascade,
      ip text,
      created_at timestamptz not null default now(),
      verified_at timestamptz
    );

    create table auth_identities (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      provider text not null,
      provider_id text not null,
      identity_data jsonb not null default '{}',
      email text,
      last_sign_in_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (organization_id, provider, provider_id)
    );
    create index auth_identities_user on auth_identities (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table auth_identities, auth_mfa_challenges, auth_mfa_factors, auth_flow_states,
      auth_one_time_tokens, auth_user_states cascade;
  `.execute(db);
}
