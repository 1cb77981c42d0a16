import {
  arcadeAttemptSchema,
  challengeAnswerBodySchema,
  challengeAnswerResultSchema,
  challengeHistorySchema,
  challengeListQuerySchema,
  challengeListSchema,
  challengeSchema,
} from '@paddock/contracts/api/challenges';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import { fanCall, viewerCall } from '../../platform/service-call.ts';
import { startArcadeAttempt } from './answer-arcade.ts';
import { answerChallenge } from './challenge-answer.ts';
import { challengeHistory } from './challenge-history.ts';
import { assertMayRead, getChallenge, listChallenges } from './challenge-service.ts';

const doc = routeDocs(['challenges']);

/** A reader of challenges: a fan, or anonymous on the logged-off dashboard (else 401). */
function readerOf(request: FastifyRequest) {
  const call = viewerCall(request);
  assertMayRead(call.org, call.userId);
  return call;
}

/** GET /challenge, GET/POST /challenge/{id}, GET /challenge/{id}/history (product §7). */
export const challengeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/challenge',
    doc(
      'Visible challenges with the fan’s responses (anonymous only with the logged-off dashboard)',
      challengeListSchema,
      { querystring: challengeListQuerySchema },
    ),
    async (request) => ({ items: await listChallenges(readerOf(request), request.query.subtype) }),
  );

  app.get(
    '/challenge/:id',
    doc('One visible challenge with the fan’s response', challengeSchema, { params: idParam }),
    async (request) => getChallenge(readerOf(request), request.params.id),
  );

  app.post(
    '/challenge/:id',
    doc(
      'Answer a challenge: poll/pick’em {responseIndex}; keyword {response}; arcade {response, attemptToken}; trivia {questionId, responseIndex}',
      challengeAnswerResultSchema,
      {
        description:
          '422 codes: challenge_not_visible, challenge_expired, already_answered, invalid_option, invalid_question, implausible_score, wrong_keyword (with attemptsLeft), insufficient_points (a changed trivia answer whose points were already spent).',
        params: idParam,
        body: challengeAnswerBodySchema,
      },
    ),
    async (request) =>
      answerChallenge(fanCall(request), request.params.id, request.body, app.deps.config.secrets.appSecret),
  );

  app.post(
    '/challenge/:id/attempt',
    doc(
      'Start an arcade attempt: a signed, single-use token and when the lights go out',
      arcadeAttemptSchema,
      { params: idParam },
    ),
    async (request) =>
      startArcadeAttempt(fanCall(request), request.params.id, app.deps.config.secrets.appSecret),
  );

  app.get(
    '/challenge/:id/history',
    doc('Aggregate results (when they may be shown) and the fan’s own answers', challengeHistorySchema, {
      params: idParam,
    }),
    async (request) => challengeHistory(fanCall(request), request.params.id),
  );
};
