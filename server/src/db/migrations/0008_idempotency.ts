import { type Kysely, sql } from 'kysely';

/**
 * Product §12.5 (decision 017): a retried write that carries an Idempotency-Key is answered from the first
 * attempt's stored response instead of running again (a lost response never pays twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      id bigserial primary key,
      organization_id uuid not null references organizations(id) on delete cascade,
      -- The user id, or 'anonymous': keys are private to their caller.
      caller text not null,
      key text not null,
      request_hash text not null,
      status_code integer,
      response_body text,
      response_type text,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      unique (organization_id, caller, key)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
