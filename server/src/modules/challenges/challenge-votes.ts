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
  // Only trivia has rows in trivia_answers: other challenges skip those two counts.
  const triviaMissing = missing.filter((id) => trivia.has(id));
  // One count per (challenge, option) over every completed response, those without an option
  // (keyword, arcade) included: the option counts are the votes, their sum the fans who responded.
  const [responseCounts, triviaVotes, triviaTotals] = await Promise.all([
    db
      .selectFrom('challengeResponses')
      .select(['challengeId', 'optionIndex', (eb) => eb.fn.countAll<number>().as('votes')])
      .where('challengeId', 'in', missing)
      .where('status', '=', 'completed')
      .groupBy(['challengeId', 'optionIndex'])
      .execute(),
    triviaMissing.length === 0
      ? []
      : db
          .selectFrom('triviaAnswers')
          .select(['challengeId', 'questionId', 'optionIndex', (eb) => eb.fn.countAll<number>().as('votes')])
          .where('challengeId', 'in', triviaMissing)
          .groupBy(['challengeId', 'questionId', 'optionIndex'])
          .execute(),
    triviaMissing.length === 0
      ? []
      : db
          .selectFrom('triviaAnswers')
          .select(['challengeId', (eb) => eb.fn.count<number>('userId').distinct().as('total')])
          .where('challengeId', 'in', triviaMissing)
          .groupBy('challengeId')
          .execute(),
  ]);
  for (const id of missing) out.set(id, { votes: new Map(), total: 0 });
  for (const v of responseCounts) {
    const aggregate = out.get(v.challengeId)!;
    aggregate.total += Number(v.votes);
    if (v.optionIndex != null) aggregate.votes.set(`${v.challengeId}:${v.optionIndex}`, Number(v.votes));
  }
  for (const v of triviaVotes)
    out.get(v.challengeId)!.votes.set(`${v.questionId}:${v.optionIndex}`, Number(v.votes));
  // Trivia counts every fan who answered at least one question.
  for (const t of triviaTotals) out.get(t.challengeId)!.total = Number(t.total);
  for (const id of missing) voteCache.set(id, out.get(id)!);
  return out;
}
