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
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { fanCall, viewerCall } from '../../platform/service-call.ts';
import { startArcadeAttempt } from './answer-arcade.ts';
import { answerChallenge } from './challenge-answer.ts';
import { challengeHistory } from './challenge-history.ts';
import { assertMayRead, getChallenge, listChallenges } from './challenge-service.ts';

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
    {
      schema: {
        tags: ['challenges'],
        summary: 'Visible challenges with the fan’s responses (anonymous only with the logged-off dashboard)',
        querystring: challengeListQuerySchema,
        response: { 200: challengeListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await listChallenges(readerOf(request), request.query.subtype) }),
  );

  app.get(
    '/challenge/:id',
    {
      schema: {
        tags: ['challenges'],
        summary: 'One visible challenge with the fan’s response',
        params: idParam,
        response: { 200: challengeSchema, ...errorResponses },
      },
    },
    async (request) => getChallenge(readerOf(request), request.params.id),
  );

  app.post(
    '/challenge/:id',
    {
      schema: {
        tags: ['challenges'],
        summary:
          'Answer a challenge: poll/pick’em {responseIndex}; keyword {response}; arcade {response, attemptToken}; trivia {questionId, responseIndex}',
        description:
          '422 codes: challenge_not_visible, challenge_expired, already_answered, invalid_option, invalid_question, implausible_score, wrong_keyword (with attemptsLeft), insufficient_points (a changed trivia answer whose points were already spent).',
        params: idParam,
        body: challengeAnswerBodySchema,
        response: { 200: challengeAnswerResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      answerChallenge(fanCall(request), request.params.id, request.body, app.deps.config.secrets.appSecret),
  );

  app.post(
    '/challenge/:id/attempt',
    {
      schema: {
        tags: ['challenges'],
        summary: 'Start an arcade attempt: a signed, single-use token and when the lights go out',
        params: idParam,
        response: { 200: arcadeAttemptSchema, ...errorResponses },
      },
    },
    async (request) =>
      startArcadeAttempt(fanCall(request), request.params.id, app.deps.config.secrets.appSecret),
  );

  app.get(
    '/challenge/:id/history',
    {
      schema: {
        tags: ['challenges'],
        summary: 'Aggregate results (when they may be shown) and the fan’s own answers',
        params: idParam,
        response: { 200: challengeHistorySchema, ...errorResponses },
      },
    },
    async (request) => challengeHistory(fanCall(request), request.params.id),
  );
};
