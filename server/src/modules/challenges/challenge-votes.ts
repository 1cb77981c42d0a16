import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { ExpiringMap } from '../../platform/expiring-map.ts';

/** One challenge's results: votes per `${challengeOrQuestionId}:${optionIndex}` and fans who responded. */
export interface VoteAggregate {
  votes: Map<string, number>;
  total: number;
}

/**
 * Every reader of a live poll sees the same counts, and counting them means reading every
 * response: at race-day volume that was the cost of GET /challenge. They are kept for at most
 * a second (decision 032), and an answer recorded by this process drops its challenge's
 * counts at once (forgetVotes), so a fan always sees their own vote counted.
 */
const VOTES_FOR_MS = 1_000;
const voteCache = new ExpiringMap<VoteAggregate>(VOTES_FOR_MS);

export function forgetVotes(challengeId: string) {
  voteCache.delete(challengeId);
}

export async function voteAggregates(
  db: Database,
  ids: string[],
  trivia: Set<string>,
): Promise<Map<string, VoteAggregate>> {
  const out = new Map<string, VoteAggregate>();
  const missing: string[] = [];
  for (const id of ids) {
    const hit = voteCache.get(id);
    if (hit) out.set(id, hit);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  // Only trivia has rows in trivia_answers, and only the others have counted options in
  // challenge_responses: each table is read only for the challenges that use it.
  const triviaMissing = missing.filter((id) => trivia.has(id));
  const othersMissing = missing.filter((id) => !trivia.has(id));
  // One count per (challenge, option) over every completed response, those without an option
  // (keyword, arcade) included: the option counts are the votes, their sum the fans who responded.
  const [responseCounts, triviaCounts] = await Promise.all([
    othersMissing.length === 0
      ? []
      : db
          .selectFrom('challengeResponses')
          .select(['challengeId', 'optionIndex', (eb) => eb.fn.countAll<number>().as('votes')])
          .where('challengeId', 'in', othersMissing)
          .where('status', '=', 'completed')
          .groupBy(['challengeId', 'optionIndex'])
          .execute(),
    triviaMissing.length === 0 ? [] : triviaVoteCounts(db, triviaMissing),
  ]);
  for (const id of missing) out.set(id, { votes: new Map(), total: 0 });
  for (const v of responseCounts) {
    const aggregate = out.get(v.challengeId)!;
    aggregate.total += Number(v.votes);
    if (v.optionIndex != null) aggregate.votes.set(`${v.challengeId}:${v.optionIndex}`, Number(v.votes));
  }
  for (const v of triviaCounts) {
    const aggregate = out.get(v.challengeId)!;
    // Trivia counts every fan who answered at least one question: the challenge-wide row.
    if (v.questionId == null) aggregate.total = Number(v.fans);
    else aggregate.votes.set(`${v.questionId}:${v.optionIndex}`, Number(v.votes));
  }
  for (const id of missing) voteCache.set(id, out.get(id)!);
  return out;
}

/**
 * Trivia's counts in one statement (decision 036): answers per (question, option) and, in the
 * row whose question is null, the distinct fans who answered any question of the challenge
 * (question_id is never null in trivia_answers, so only that grouping set yields it).
 */
function triviaVoteCounts(db: Database, challengeIds: string[]) {
  return db
    .selectFrom('triviaAnswers')
    .select([
      'challengeId',
      'questionId',
      'optionIndex',
      (eb) => eb.fn.countAll<number>().as('votes'),
      (eb) => eb.fn.count<number>('userId').distinct().as('fans'),
    ])
    .where('challengeId', 'in', challengeIds)
    .groupBy(sql`grouping sets ((challenge_id, question_id, option_index), (challenge_id))`)
    .$narrowType<{ questionId: string | null; optionIndex: number | null }>()
    .execute();
}
