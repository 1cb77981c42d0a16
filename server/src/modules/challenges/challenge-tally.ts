import type { ResultsTally } from '@paddock/contracts/api/challenges';
import type { Database } from '../../db/engine.ts';
import { forgetVotes, optionsAndQuestions, percent, voteAggregates } from './challenge-views.ts';

const share = (ids: { orderIndex: number }[], votesOf: (index: number) => number) => {
  const total = ids.reduce((sum, o) => sum + votesOf(o.orderIndex), 0);
  return ids.map((o) => {
    const votes = votesOf(o.orderIndex);
    return { index: o.orderIndex, votes, percent: percent(votes, total) };
  });
};

/**
 * The results of one challenge, read once per announcement whatever the number of fans it
 * reaches (decision 024): the grouped vote count the API uses (challenge-views.ts), read afresh
 * so the last announcement of a burst carries the last answer, and the option list. The
 * numbers are the API's: votes per option, percent of the option votes, fans who responded.
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
    options: share(
      options.filter((o) => !o.questionId),
      (i) => votes(`${challenge.id}:${i}`),
    ),
    questions: questions.map((q) => ({
      questionId: q.id,
      index: q.orderIndex,
      options: share(
        options.filter((o) => o.questionId === q.id),
        (i) => votes(`${q.id}:${i}`),
      ),
    })),
  };
}

/**
 * Whether this fan may read the challenge's results through the API right now, the rule of
 * challenge-views.ts's presenter (product §10.2.1.6): answered (trivia: the quiz completed,
 * since the tally carries every question's votes, product §10.2.5) or closed, and never while a
 * poll hides its results until close. Unknown, archived or not yet visible: no.
 */
export async function mayReadResults(
  db: Database,
  organizationId: string,
  userId: string,
  challengeId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('challenges')
    .select(['visibleFrom', 'expiresOn', 'hideResultsUntilClose'])
    .where('organizationId', '=', organizationId)
    .where('id', '=', challengeId)
    .where('archivedAt', 'is', null)
    .executeTakeFirst();
  if (!row || new Date(row.visibleFrom).getTime() > now.getTime()) return false;
  const expired = row.expiresOn != null && new Date(row.expiresOn).getTime() <= now.getTime();
  if (row.hideResultsUntilClose && !expired) return false;
  if (expired) return true;
  const response = await db
    .selectFrom('challengeResponses')
    .select('status')
    .where('challengeId', '=', challengeId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return response?.status === 'completed';
}
