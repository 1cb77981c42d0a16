import { type Kysely, sql } from 'kysely';

/**
 * Product §10.6 (winners told): the operator says how a winner claims the prize and within how
 * many days of the draw; each winner's claim (name and address or e-mail confirmation) and when
 * it was made are kept with the winner. A claim template stored from the old free-entry copy
 * that named an API path is replaced by the fans' wording (§10.6.11).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sweepstakes
      add column claim_instructions text not null default '',
      add column claim_days integer not null default 14 check (claim_days between 1 and 365)
  `.execute(db);
  await sql`
    alter table sweepstake_winners
      add column claimed_at timestamptz,
      add column claim_name text,
      add column claim_contact text
  `.execute(db);
  await sql`
    update sweepstakes set free_entry_instructions = ''
    where free_entry_instructions like '%/api/sweepstake/%'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sweepstake_winners drop column claimed_at, drop column claim_name, drop column claim_contact
  `.execute(db);
  await sql`alter table sweepstakes drop column claim_instructions, drop column claim_days`.execute(db);
}
