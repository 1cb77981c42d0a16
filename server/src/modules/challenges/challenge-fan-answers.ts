import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { Batcher, groupBy } from '../../platform/batcher.ts';
import type { ChallengeResponsesTable, TriviaAnswersTable } from './challenge-tables.ts';

/** What a view reads of the fan's response to a challenge (an answer's full row fits). */
export type OwnResponse = Pick<
  Selectable<ChallengeResponsesTable>,
  | 'challengeId'
  | 'status'
  | 'optionIndex'
  | 'responseText'
  | 'score'
  | 'correct'
  | 'pointsAwarded'
  | 'completedAt'
>;

/** What a view reads of the fan's answer to one trivia question. */
export type OwnTriviaAnswer = Pick<Selectable<TriviaAnswersTable>, 'optionIndex' | 'correct' | 'points'>;

export interface OwnAnswers {
  /** challengeId → the fan's response row. */
  responses: Map<string, OwnResponse>;
  /** questionId → the fan's answer to that trivia question. */
  triviaAnswers: Map<string, OwnTriviaAnswer>;
}

/** One caller's read: the fan and the challenges whose responses / trivia answers it needs. */
interface AnswersRead {
  userId: string;
  responseIds: readonly string[];
  triviaIds: readonly string[];
}

/** Fans per statement. */
const MAX_READS_PER_QUERY = 200;
/**
 * Bound on a statement's parameters (PostgreSQL takes at most 65,535): a batch of fans of many
 * organizations with large catalogues is split in halves until it fits.
 */
const MAX_PARAMETERS = 10_000;

/** One batcher per database handle, so two apps in one process (the tests) never share a query. */
const readers = new WeakMap<Database, Batcher<AnswersRead, OwnAnswers>>();

/**
 * The fan's own responses to `responseIds` and answers to the questions of `triviaIds`: the
 * per-fan half of GET /challenge, never cached (decision 032). A trivia answer is the row whose
 * questionId is set. None when anonymous.
 *
 * Reads on the root handle are batched (decision 032's amendment of 2026-11-27, with the
 * `Batcher` of decision 036): while one statement is in flight, the reads that arrive wait and
 * the next statement answers them all, so 50 fans opening the list at once cost one round trip,
 * not 50. Exactness is the session checks' argument: a read never joins a statement already
 * sent, so a read that starts after the fan's answer committed is answered by a statement sent
 * after that commit and sees it. Each read gets only its own fan's rows for its own challenges.
 * Inside a transaction the read runs alone, on that transaction.
 */
export async function ownAnswers(
  db: Database,
  userId: string | null,
  responseIds: readonly string[],
  triviaIds: readonly string[],
): Promise<OwnAnswers> {
  if (!userId || (responseIds.length === 0 && triviaIds.length === 0)) {
    return { responses: new Map(), triviaAnswers: new Map() };
  }
  const read = { userId, responseIds, triviaIds };
  if (db.isTransaction) return (await readAnswers(db, [read]))[0] as OwnAnswers;
  let batcher = readers.get(db);
  if (!batcher) {
    batcher = new Batcher((reads) => readAnswers(db, reads), MAX_READS_PER_QUERY);
    readers.set(db, batcher);
  }
  return batcher.add(read);
}

/**
 * One statement for these reads: a UNION ALL of the two tables, each read through its
 * (challenge, user) index for every fan and challenge of the batch, then split per read.
 */
async function readAnswers(db: Database, reads: readonly AnswersRead[]): Promise<OwnAnswers[]> {
  const users = new Set<string>();
  const responseIds = new Set<string>();
  const triviaIds = new Set<string>();
  for (const r of reads) {
    users.add(r.userId);
    for (const id of r.responseIds) responseIds.add(id);
    for (const id of r.triviaIds) triviaIds.add(id);
  }
  // Every fan is a parameter in both halves of the UNION ALL.
  if (reads.length > 1 && 2 * users.size + responseIds.size + triviaIds.size > MAX_PARAMETERS) {
    const half = reads.length >> 1;
    const parts = await Promise.all([
      readAnswers(db, reads.slice(0, half)),
      readAnswers(db, reads.slice(half)),
    ]);
    return parts.flat();
  }
  const fans = [...users];
  const responses = db
    .selectFrom('challengeResponses')
    .select([
      'userId',
      'challengeId',
      sql<string | null>`null::uuid`.as('questionId'),
      'status',
      'optionIndex',
      'responseText',
      'score',
      'correct',
      'pointsAwarded',
      'completedAt',
    ])
    .where('userId', 'in', fans)
    .where('challengeId', 'in', [...responseIds]);
  const trivia = db
    .selectFrom('triviaAnswers')
    .select([
      'userId',
      'challengeId',
      'questionId',
      sql<OwnResponse['status']>`'completed'`.as('status'),
      'optionIndex',
      sql<string | null>`null`.as('responseText'),
      sql<number | null>`null`.as('score'),
      'correct',
      'points as pointsAwarded',
      'answeredAt as completedAt',
    ])
    .where('userId', 'in', fans)
    .where('challengeId', 'in', [...triviaIds]);
  const query =
    triviaIds.size === 0 ? responses : responseIds.size === 0 ? trivia : responses.unionAll(trivia);
  const rows = await query.execute();
  const rowsOf = groupBy(rows, (row) => row.userId);
  return reads.map((read) => {
    const out: OwnAnswers = { responses: new Map(), triviaAnswers: new Map() };
    const own = rowsOf.get(read.userId);
    if (!own) return out;
    // The batch read every fan's rows for every read's challenges: keep this read's own.
    const asked = new Set(read.responseIds);
    const askedTrivia = new Set(read.triviaIds);
    for (const r of own) {
      if (r.questionId == null) {
        if (asked.has(r.challengeId)) out.responses.set(r.challengeId, r);
      } else if (askedTrivia.has(r.challengeId)) {
        out.triviaAnswers.set(r.questionId, {
          optionIndex: r.optionIndex as number,
          correct: r.correct as boolean,
          points: r.pointsAwarded,
        });
      }
    }
    return out;
  });
}
