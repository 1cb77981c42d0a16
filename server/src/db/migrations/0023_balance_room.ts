import { type Kysely, sql } from 'kysely';

/**
 * Decision 041: every award updates the fan's row in `users` (points, lifetime points). With the
 * pages packed full, the new row version rarely fits beside the old one, so most updates were
 * not HOT: each also inserted the fan into every index of `users` (its key, e-mail, referral
 * code), about 70 % of the balance updates of a poll-answer run at 10,000 fans. Leaving a fifth
 * of each page free lets the new version stay on its page (no index entry: none of the indexes
 * holds the balance), and the page's own pruning gives the room back.
 *
 * Only pages written from now on keep the room; `vacuum full users` (or `cluster`) in a quiet
 * moment gives it to the existing ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users set (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users reset (fillfactor)`.execute(db);
}
