import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
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

/**
 * The fan's own responses to `responseIds` and answers to the questions of `triviaIds`, in ONE
 * round trip (a UNION ALL of the two tables, each read through its (challenge, user) index):
 * the per-fan half of GET /challenge, never cached (decision 032). A trivia answer is the row
 * whose questionId is set. None when anonymous.
 */
export async function ownAnswers(
  db: Database,
  userId: string | null,
  responseIds: string[],
  triviaIds: string[],
): Promise<OwnAnswers> {
  const out: OwnAnswers = { responses: new Map(), triviaAnswers: new Map() };
  if (!userId || (responseIds.length === 0 && triviaIds.length === 0)) return out;
  const responses = db
    .selectFrom('challengeResponses')
    .select([
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
    .where('userId', '=', userId)
    .where('challengeId', 'in', responseIds);
  const trivia = db
    .selectFrom('triviaAnswers')
    .select([
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
    .where('userId', '=', userId)
    .where('challengeId', 'in', triviaIds);
  const query =
    triviaIds.length === 0 ? responses : responseIds.length === 0 ? trivia : responses.unionAll(trivia);
  const rows = await query.execute();
  for (const r of rows) {
    if (r.questionId == null) out.responses.set(r.challengeId, r);
    else
      out.triviaAnswers.set(r.questionId, {
        optionIndex: r.optionIndex as number,
        correct: r.correct as boolean,
        points: r.pointsAwarded,
      });
  }
  return out;
}
