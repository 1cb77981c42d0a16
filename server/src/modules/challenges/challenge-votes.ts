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
 * response: at race-day volume that was the cost of GET /challenge, and a count read for every
 * few answers cost the database more than the answers themselves (12 ms at 50,000 responses).
 * They are kept for at most a second (decision 032), and a fan always sees their own vote
 * counted: an answer recorded by this process is added to the kept counts exactly when the read
 * behind them did not see it.
 *
 * Exactness (decision 032, amendment of the vote counts): a count is read with the database
 * snapshot it saw (`pg_current_snapshot()`), and an answer is recorded with its transaction's
 * id (`pg_current_xact_id()`, taken by the answer's first statement). A committed transaction is
 * in a snapshot when its id is below the snapshot's xmin, or below its xmax and not in its list
 * of transactions then running: so each answer is added once, to counts that lack it, never
 * twice. Answers that commit while a count is being read wait beside it (`inFlight`) and are
 * added when it lands, if its snapshot lacks them.
 */
const VOTES_FOR_MS = 1_000;

/** A PostgreSQL snapshot as `pg_current_snapshot()::text` prints it: `xmin:xmax:xip,…`. */
interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  running: Set<bigint>;
}

export function parseSnapshot(text: string): Snapshot {
  const [xmin = '0', xmax = '0', list = ''] = text.split(':');
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    running: new Set(list ? list.split(',').map((x) => BigInt(x)) : []),
  };
}

/** Whether the committed transaction `xact` had committed when `snapshot` was taken. */
export function committedBefore(xact: bigint, snapshot: Snapshot): boolean {
  if (xact < snapshot.xmin) return true;
  return xact < snapshot.xmax && !snapshot.running.has(xact);
}

const voteCache = new ExpiringMap<{ aggregate: VoteAggregate; snapshot: Snapshot }>(VOTES_FOR_MS);

/** Counts being read per challenge, and the answers recorded meanwhile (added when each read lands). */
const inFlight = new Map<string, { reads: number; recorded: { xact: bigint; change: VoteChange }[] }>();
/** Per challenge, how many times its counts were dropped; a read keeps its counts only if unchanged. */
const drops = new Map<string, number>();
const MAX_DROPS = 100_000;
/** Moves on when `drops` is cleared, so a read begun before the clear is not kept either. */
let epoch = 0;

const dropsOf = (challengeId: string) => `${epoch}:${drops.get(challengeId) ?? 0}`;

/** Forgets the kept counts when an answer cannot say what it changed; reads in flight are not kept. */
export function forgetVotes(challengeId: string) {
  voteCache.delete(challengeId);
  if (drops.size >= MAX_DROPS) {
    drops.clear();
    epoch++;
  }
  drops.set(challengeId, (drops.get(challengeId) ?? 0) + 1);
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

function apply(aggregate: VoteAggregate, change: VoteChange) {
  const { votes } = aggregate;
  if (change.remove) votes.set(change.remove, (votes.get(change.remove) ?? 0) - 1);
  if (change.add) votes.set(change.add, (votes.get(change.add) ?? 0) + 1);
  if (change.newFan) aggregate.total += 1;
}

/** Beyond this many answers recorded beside reads that never all land, those reads are not kept. */
const MAX_RECORDED = 10_000;

/**
 * After an answer's transaction committed (`xact`: its transaction id, as text): added to the
 * kept counts when their snapshot lacks it, and handed to the reads in flight.
 */
export function recordVote(challengeId: string, change: VoteChange, xact: string) {
  const id = BigInt(xact);
  const reading = inFlight.get(challengeId);
  if (reading) {
    reading.recorded.push({ xact: id, change });
    if (reading.recorded.length > MAX_RECORDED) {
      forgetVotes(challengeId);
      reading.recorded = [];
    }
  }
  const kept = voteCache.get(challengeId);
  if (kept && !committedBefore(id, kept.snapshot)) apply(kept.aggregate, change);
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
  const began = new Map(missing.map((id) => [id, dropsOf(id)]));
  for (const id of missing) {
    const reading = inFlight.get(id) ?? { reads: 0, recorded: [] };
    reading.reads += 1;
    inFlight.set(id, reading);
  }
  try {
    const [responseCounts, triviaCounts] = await Promise.all([
      othersMissing.length === 0 ? [] : responseVoteCounts(db, othersMissing),
      triviaMissing.length === 0 ? [] : triviaVoteCounts(db, triviaMissing),
    ]);
    for (const id of missing) out.set(id, { votes: new Map(), total: 0 });
    for (const v of responseCounts) {
      if (v.challengeId == null) continue;
      const aggregate = out.get(v.challengeId)!;
      aggregate.total += Number(v.votes);
      if (v.optionIndex != null) aggregate.votes.set(`${v.challengeId}:${v.optionIndex}`, Number(v.votes));
    }
    for (const v of triviaCounts) {
      if (v.challengeId == null) continue;
      const aggregate = out.get(v.challengeId)!;
      // Trivia counts every fan who answered at least one question: the challenge-wide row.
      if (v.questionId == null) aggregate.total = Number(v.fans);
      else aggregate.votes.set(`${v.questionId}:${v.optionIndex}`, Number(v.votes));
    }
    // Each statement answers its snapshot on every row (one row of nulls when it counted nothing).
    const responseSnapshot = responseCounts[0] && parseSnapshot(responseCounts[0].snapshot);
    const triviaSnapshot = triviaCounts[0] && parseSnapshot(triviaCounts[0].snapshot);
    for (const id of missing) {
      const snapshot = (trivia.has(id) ? triviaSnapshot : responseSnapshot)!;
      const aggregate = out.get(id)!;
      for (const { xact, change } of inFlight.get(id)!.recorded) {
        if (!committedBefore(xact, snapshot)) apply(aggregate, change);
      }
      if (began.get(id) === dropsOf(id)) voteCache.set(id, { aggregate, snapshot });
    }
  } finally {
    for (const id of missing) {
      const reading = inFlight.get(id)!;
      reading.reads -= 1;
      if (reading.reads === 0) inFlight.delete(id);
    }
  }
  return out;
}

interface CountRow {
  snapshot: string;
  challengeId: string | null;
  optionIndex: number | null;
  votes: number | null;
}

/**
 * One count per (challenge, option) over every completed response, those without an option
 * (keyword, arcade) included: the option counts are the votes, their sum the fans who
 * responded. Beside each row, the snapshot the count saw.
 */
async function responseVoteCounts(db: Database, challengeIds: string[]) {
  const { rows } = await sql<CountRow>`
    select s.snapshot, c.challenge_id, c.option_index, c.votes
    from (select pg_current_snapshot()::text as snapshot) s
    left join lateral (
      select challenge_id, option_index, count(*) as votes
      from challenge_responses
      where challenge_id in (${sql.join(challengeIds)}) and status = 'completed'
      group by challenge_id, option_index
    ) c on true`.execute(db);
  return rows;
}

/**
 * Trivia's counts in one statement (decision 036): answers per (question, option) and, in the
 * row whose question is null, the distinct fans who answered any question of the challenge
 * (question_id is never null in trivia_answers, so only that grouping set yields it). Beside
 * each row, the snapshot the count saw.
 */
async function triviaVoteCounts(db: Database, challengeIds: string[]) {
  const { rows } = await sql<CountRow & { questionId: string | null; fans: number | null }>`
    select s.snapshot, c.challenge_id, c.question_id, c.option_index, c.votes, c.fans
    from (select pg_current_snapshot()::text as snapshot) s
    left join lateral (
      select challenge_id, question_id, option_index, count(*) as votes, count(distinct user_id) as fans
      from trivia_answers
      where challenge_id in (${sql.join(challengeIds)})
      group by grouping sets ((challenge_id, question_id, option_index), (challenge_id))
    ) c on true`.execute(db);
  return rows;
}
