import type { ChallengeHistory } from '@paddock/contracts/api/challenges';
import type { FanCall } from '../../platform/service-call.ts';
import { sumForReference } from '../ledger/ledger-queries.ts';
import { existingResponse } from './answer-common.ts';
import { getChallenge } from './challenge-service.ts';

/** GET /challenge/{id}/history: aggregate results (when allowed) and the fan's own answers. */
export async function challengeHistory(call: FanCall, id: string): Promise<ChallengeHistory> {
  const { db, org, userId } = call;
  const view = await getChallenge(call, id);
  const [response, answers, earned] = await Promise.all([
    existingResponse(db, id, userId),
    db
      .selectFrom('triviaAnswers')
      .selectAll()
      .where('challengeId', '=', id)
      .where('userId', '=', userId)
      .orderBy('answeredAt')
      .execute(),
    sumForReference(db, org.id, userId, id),
  ]);
  const myAnswers: ChallengeHistory['myAnswers'] = [];
  if (view.subtype === 'trivia') {
    for (const a of answers) {
      const q = view.questions.find((x) => x.questionId === a.questionId);
      myAnswers.push({
        questionId: a.questionId,
        answer: q?.options.find((o) => o.index === a.optionIndex)?.text ?? '',
        // Product §10.2.5: the verdict is shown only as the view reveals it.
        correct: q?.triviaUserResponse?.correct ?? null,
        points: a.points,
        answeredAt: new Date(a.answeredAt).toISOString(),
      });
    }
  } else if (response?.status === 'completed' && view.userResponse) {
    myAnswers.push({
      questionId: null,
      answer: view.userResponse.answers[0]?.answer ?? '',
      correct: view.userResponse.answers[0]?.correct ?? null,
      points: response.pointsAwarded,
      answeredAt: new Date(response.completedAt ?? response.createdAt).toISOString(),
    });
  }
  return {
    challengeId: view.challengeId,
    subtype: view.subtype,
    totalResponses: view.totalResponses,
    options: view.options,
    questions: view.questions,
    myAnswers,
    pointsEarned: earned,
  };
}
