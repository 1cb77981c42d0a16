import type { ResultsTally } from '@paddock/contracts/api/challenges';
import type { Database } from '../../db/engine.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { existingResponse } from './answer-common.ts';
import { findUnarchived } from './challenge-service.ts';
import {
  forgetVotes,
  isClosed,
  optionResults,
  optionsAndQuestions,
  resultsVisible,
  voteAggregates,
} from './challenge-views.ts';

const tallyOf = (options: { orderIndex: number }[], votesOf: (index: number) => number) => {
  const results = optionResults(options, votesOf);
  return options.map((o, i) => ({ index: o.orderIndex, ...results[i]! }));
};

/**
 * The results of one challenge, read once per announcement whatever the number of fans it
 * reaches (decision 024): the grouped vote count the API uses (challenge-views.ts), read afresh
 * so the last announcement of a burst carries the last answer, and the option list. The
 * numbers are the API's (optionResults): votes per option, percent of the option votes, fans
 * who responded.
 */
export async function resultsTally(
  db: Database,
  challenge: { id: string; subtype: string },
): Promise<ResultsTally> {
  const trivia = challenge.subtype === 'trivia';
  forgetVotes(challenge.id);
  const [[options, questions], aggregates] = await Promise.all([
    optionsAndQuestions(db, [challenge.id], trivia ? [challenge.id] : []),
    voteAggregates(db, [challenge.id], new Set(trivia ? [challenge.id] : [])),
  ]);
  const aggregate = aggregates.get(challenge.id);
  const votes = (key: string) => aggregate?.votes.get(key) ?? 0;
  return {
    challengeId: challenge.id,
    totalResponses: aggregate?.total ?? 0,
    options: tallyOf(
      options.filter((o) => !o.questionId),
      (i) => votes(`${challenge.id}:${i}`),
    ),
    questions: questions.map((q) => ({
      questionId: q.id,
      index: q.orderIndex,
      options: tallyOf(
        options.filter((o) => o.questionId === q.id),
        (i) => votes(`${q.id}:${i}`),
      ),
    })),
  };
}

/**
 * Whether this fan may read the challenge's results through the API right now: the presenter's
 * rule (resultsVisible) on a challenge the fan can see. Answered means completed — for trivia
 * the whole quiz, since the tally carries every question's votes (product §10.2.5).
 */
export async function mayReadResults(call: FanCall, challengeId: string): Promise<boolean> {
  const row = await findUnarchived(call, challengeId);
  if (!row || new Date(row.visibleFrom).getTime() > call.now.getTime()) return false;
  // Closed, or hidden until close: the fan's own answer cannot change the verdict.
  if (isClosed(row, call.now) || row.hideResultsUntilClose) return resultsVisible(row, false, call.now);
  const response = await existingResponse(call.db, challengeId, call.userId);
  return resultsVisible(row, response?.status === 'completed', call.now);
}
