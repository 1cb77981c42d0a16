import type { ChallengeAnswerBody } from '@paddock/contracts/api/challenges';
import { committingFirst } from '../../db/commit-refusal.ts';
import { unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { answerArcade } from './answer-arcade.ts';
import { type AnswerContext, type AnswerOutcome, lockFanAndFindAnswerable } from './answer-common.ts';
import { answerKeyword } from './answer-keyword.ts';
import { answerPickem } from './answer-pickem.ts';
import { answerPoll } from './answer-poll.ts';
import { answerTrivia } from './answer-trivia.ts';
import { announceResults } from './challenge-live.ts';
import { challengeCatalogue } from './challenge-catalogue.ts';
import { recordVote } from './challenge-votes.ts';
import { type ChallengeRow, forgetVotes, type KnownViewData, presentChallenges } from './challenge-views.ts';

const ANSWER: Record<string, (ctx: AnswerContext) => Promise<AnswerOutcome>> = {
  poll: answerPoll,
  pickem: answerPickem,
  keyword: answerKeyword,
  arcade: answerArcade,
  trivia: answerTrivia,
};

/** The subtypes whose aggregate results fans see (product §10.2.1.6), announced live when they change. */
const RESULT_SUBTYPES = new Set(['poll', 'pickem', 'trivia']);

/** POST /challenge/{id}: one transaction; refusals that carry bookkeeping are thrown after commit. */
export async function answerChallenge(
  call: FanCall,
  challengeId: string,
  body: ChallengeAnswerBody,
  appSecret: string,
) {
  // The answer's statement may carry the commit; when it refuses, the answer runs the long way.
  const outcome = await committingFirst('challenge_answer', (commits) =>
    call.db.transaction().execute(async (db) => {
      const trx = { ...call, db };
      const { challenge, xact } = await lockFanAndFindAnswerable(trx, challengeId);
      const answer = ANSWER[challenge.subtype];
      if (!answer) throw unprocessable('invalid_challenge', `Unknown challenge subtype ${challenge.subtype}`);
      return { ...(await answer({ ...trx, challenge, body, appSecret, commits })), row: challenge, xact };
    }),
  );
  // The kept vote counts take the committed answer in, or are dropped when it cannot say what
  // changed: even a refusal may have recorded something (a wrong keyword guess).
  if (outcome.votes) recordVote(challengeId, outcome.votes, outcome.xact);
  else forgetVotes(challengeId);
  if (outcome.refusal) throw outcome.refusal;
  // The row the answer was checked against (open, visible, not archived): presented as it is
  // rather than read again, one round trip fewer on race day's busiest write.
  const known = outcome.known?.options
    ? outcome.known
    : { ...(await catalogueOptions(call, outcome.row)), ...outcome.known };
  const [challenge] = await presentChallenges(call.db, call.userId, [outcome.row], call.now, known);
  if (!challenge) throw new Error('A presented challenge went missing');
  if (RESULT_SUBTYPES.has(challenge.subtype)) {
    announceResults(call.db, {
      id: challengeId,
      organizationId: call.org.id,
      subtype: challenge.subtype,
      hideResultsUntilClose: challenge.hideResultsUntilClose,
      expired: challenge.expired,
    });
  }
  return { correct: outcome.correct, points: outcome.points, completed: challenge.completed, challenge };
}

/**
 * The answered challenge's options and questions from the organization's catalogue (decision
 * 032) when its copy is of the row the answer was checked against (same updatedAt: an
 * operator's edit of the options bumps it in the same transaction, and options freeze once a
 * fan has answered), so presenting the answer does not read them again. None otherwise: the
 * presenter reads them.
 */
async function catalogueOptions(call: FanCall, row: ChallengeRow): Promise<KnownViewData> {
  const entry = (await challengeCatalogue(call.db, call.org.id)).byId.get(row.id);
  if (!entry || new Date(entry.row.updatedAt).getTime() !== new Date(row.updatedAt).getTime()) return {};
  return {
    options: [...entry.options, ...entry.questions.flatMap((q) => q.options)],
    questions: entry.questions.map((q) => q.row),
  };
}
