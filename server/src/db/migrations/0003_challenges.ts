import { type Kysely, sql } from 'kysely';

/**
 * Challenges (all five subtypes of product §10.2), their answers and the daily
 * check-in. Points never live here: every award or reversal is a ledger row (decision
 * 005); these tables hold what was answered and what settlement has paid, so a retry or a
 * corrected outcome can compute the difference instead of editing history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table challenges (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      type text not null check (type in ('poll', 'input', 'trivia')),
      subtype text not null check (subtype in ('poll', 'pickem', 'arcade', 'trivia', 'keyword')),
      title text not null,
      description text not null default '',
      media_id uuid references media(id) on delete set null,
      visible_from timestamptz not null,
      expires_on timestamptz,
      archived_at timestamptz,
      hide_results_until_close boolean not null default false,
      -- keyword, points (keyword), arcadeBrackets (arcade)
      settings jsonb not null default '{}',
      -- pick'em: the settled outcome (an option's order index) and how many times it was settled
      outcome_index integer,
      settled_at timestamptz,
      settlement_round integer not null default 0,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index challenges_org_visible on challenges (organization_id, visible_from desc);

    create table challenge_questions (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      challenge_id uuid not null references challenges(id) on delete cascade,
      order_index integer not null check (order_index >= 0),
      text text not null,
      unique (challenge_id, order_index)
    );

    -- Poll / pick'em options (question_id null) and trivia options (question_id set).
    create table challenge_options (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      challenge_id uuid not null references challenges(id) on delete cascade,
      question_id uuid references challenge_questions(id) on delete cascade,
      order_index integer not null check (order_index >= 0),
      text text not null,
      points integer not null default 0 check (points >= 0),
      is_correct boolean not null default false
    );
    create unique index challenge_options_order on challenge_options
      (challenge_id, coalesce(question_id, '00000000-0000-0000-0000-000000000000'::uuid), order_index);

    -- One response per fan per challenge. Trivia: in_progress until every question is answered.
    -- Keyword: in_progress holds the count of wrong guesses until the fan gets it or runs out.
    create table challenge_responses (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      challenge_id uuid not null references challenges(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      status text not null check (status in ('in_progress', 'completed')),
      option_index integer,
      response_text text,
      -- arcade: reaction time in ms
      score integer,
      correct boolean,
      -- what this fan is currently paid for the challenge; for a pick'em this is the settlement
      -- bookkeeping a corrected outcome is reconciled against
      points_awarded integer not null default 0,
      wrong_attempts integer not null default 0,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      unique (challenge_id, user_id)
    );
    create index challenge_responses_user on challenge_responses (user_id);

    -- One current answer per fan per trivia question; version counts changes so each
    -- award/reversal pair has its own once-only ledger key.
    create table trivia_answers (
      organization_id uuid not null references organizations(id) on delete cascade,
      challenge_id uuid not null references challenges(id) on delete cascade,
      question_id uuid not null references challenge_questions(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      option_index integer not null,
      correct boolean not null,
      points integer not null default 0,
      version integer not null default 1,
      answered_at timestamptz not null default now(),
      primary key (question_id, user_id)
    );
    create index trivia_answers_challenge_user on trivia_answers (challenge_id, user_id);

    -- Arcade attempts: each signed token is single-use (decision 007).
    create table arcade_attempts (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      challenge_id uuid not null references challenges(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      issued_at timestamptz not null,
      expires_at timestamptz not null,
      lights_out_after_ms integer not null,
      used_at timestamptz
    );
    create index arcade_attempts_user on arcade_attempts (user_id, challenge_id);

    -- One check-in per fan per calendar day in the organization's time zone.
    create table checkins (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      day date not null,
      streak integer not null check (streak >= 1),
      points integer not null default 0,
      created_at timestamptz not null default now(),
      unique (user_id, day)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table checkins, arcade_attempts, trivia_answers, challenge_responses,
      challenge_options, challenge_questions, challenges cascade;
  `.execute(db);
}
