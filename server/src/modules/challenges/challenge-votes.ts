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
 * a second (decision 032), and a fan always sees their own vote counted: an answer recorded by
 * this process either adds itself to the kept counts or drops them (recordVote).
 *
 * Exactness: kept counts are a count read at one moment plus every answer this process
 * committed after that read finished. A read in flight when an answer commits may or may not
 * have seen it, so it is not kept (each challenge's generation moves on every answer and
 * drop), and kept counts whose read finished after the answer's commit was sent are dropped,
 * not added to.
 */
const VOTES_FOR_MS = 1_000;
const voteCache = new ExpiringMap<{ aggregate: VoteAggregate; readAt: number }>(VOTES_FOR_MS);
/** Per challenge, how many answers and drops this process has seen; a read keeps its counts only if unchanged. */
const generations = new Map<string, number>();
const MAX_GENERATIONS = 100_000;
/** Moves on when `generations` is cleared, so a read begun before the clear is not kept either. */
let epoch = 0;

const generationOf = (challengeId: string) => `${epoch}:${generations.get(challengeId) ?? 0}`;

function nextGeneration(challengeId: string) {
  if (generations.size >= MAX_GENERATIONS) {
    generations.clear();
    epoch++;
  }
  generations.set(challengeId, (generations.get(challengeId) ?? 0) + 1);
}

export function forgetVotes(challengeId: string) {
  voteCache.delete(challengeId);
  nextGeneration(challengeId);
}

/** What one committed answer changed in its challenge's counts (keys as in VoteAggregate.votes). */
export interface VoteChange {
  /** The option the fan's answer now counts for. */
  add?: string;
  /** The option it counted for before (a changed trivia answer). */
  remove?: string;
  /** A fan not counted in `total` before (a first answer). */
  newFan: boolean;
}

/**
 * After an answer's transaction committed: its change is added to the kept counts when their
 * read had finished before the answer's commit was sent (`committing`, performance.now() taken
 * just before it), so it cannot have seen the answer; otherwise they are dropped and the next
 * reader counts afresh.
 */
export function recordVote(challengeId: string, change: VoteChange, committing: number) {
  const kept = voteCache.get(challengeId);
  nextGeneration(challengeId);
  if (!kept || kept.readAt >= committing) {
    voteCache.delete(challengeId);
    return;
  }
  const { votes } = kept.aggregate;
  if (change.remove) votes.set(change.remove, (votes.get(change.remove) ?? 0) - 1);
  if (change.add) votes.set(change.add, (votes.get(change.add) ?? 0) + 1);
  if (change.newFan) kept.aggregate.total += 1;
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
    if (hit) out.set(id, hit.aggregate);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  // Only trivia has rows in trivia_answers, and only the others have counted options in
  // challenge_responses: each table is read only for the challenges that use it.
  const triviaMissing = missing.filter((id) => trivia.has(id));
  const othersMissing = missing.filter((id) => !trivia.has(id));
  const began = new Map(missing.map((id) => [id, generationOf(id)]));
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
  const readAt = performance.now();
  for (const id of missing) {
    if (began.get(id) === generationOf(id)) voteCache.set(id, { aggregate: out.get(id)!, readAt });
  }
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
