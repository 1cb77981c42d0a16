import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the race-day hot paths (decision 032, docs/benchmark.md). The shared counts of a
 * poll and a sweepstake are read from the index alone (no visit to every response row), and
 * the trivia counts per question have an index of their own. Every other hot query already had
 * one; server/src/db/hot-query-plans.test.ts proves each of them uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index challenge_responses_votes on challenge_responses (challenge_id, status, option_index);
    create index trivia_answers_votes on trivia_answers (challenge_id, question_id, option_index, user_id);
    create index sweepstake_entries_totals on sweepstake_entries (sweepstake_id) include (count);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index sweepstake_entries_totals;
    drop index trivia_answers_votes;
    drop index challenge_responses_votes;
  `.execute(db);
}
