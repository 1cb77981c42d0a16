import {
  arcadeAttemptSchema,
  challengeAnswerBodySchema,
  challengeAnswerResultSchema,
  challengeHistorySchema,
  challengeListQuerySchema,
  challengeListSchema,
  challengeSchema,
} from '@paddock/contracts/api/challenges';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { requireUser } from '../../platform/request-context.ts';
import {
  answerChallenge,
  assertMayRead,
  challengeHistory,
  getChallenge,
  listChallenges,
  startArcadeAttempt,
} from './challenge-service.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });

/** GET /challenge, GET/POST /challenge/{id}, GET /challenge/{id}/history (SPEC §7). */
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
    async (request) => {
      const { organization, user } = request.ctx;
      assertMayRead(organization, user?.id ?? null);
      const items = await listChallenges(
        app.deps.db,
        organization,
        user?.id ?? null,
        app.deps.clock.now(),
        request.query.subtype,
      );
      return { items };
    },
  );

  app.get(
    '/challenge/:id',
    {
      schema: {
        tags: ['challenges'],
        summary: 'One visible challenge with the fan’s response',
        params: idParams,
        response: { 200: challengeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { organization, user } = request.ctx;
      assertMayRead(organization, user?.id ?? null);
      return getChallenge(
        app.deps.db,
        organization,
        user?.id ?? null,
        request.params.id,
        app.deps.clock.now(),
      );
    },
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
        params: idParams,
        body: challengeAnswerBodySchema,
        response: { 200: challengeAnswerResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return answerChallenge(app.deps.db, {
        org: request.ctx.organization,
        userId: user.id,
        challengeId: request.params.id,
        body: request.body,
        now: app.deps.clock.now(),
        appSecret: app.deps.config.secrets.appSecret,
      });
    },
  );

  app.post(
    '/challenge/:id/attempt',
    {
      schema: {
        tags: ['challenges'],
        summary: 'Start an arcade attempt: a signed, single-use token and when the lights go out',
        params: idParams,
        response: { 200: arcadeAttemptSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return startArcadeAttempt(app.deps.db, {
        org: request.ctx.organization,
        userId: user.id,
        challengeId: request.params.id,
        now: app.deps.clock.now(),
        appSecret: app.deps.config.secrets.appSecret,
      });
    },
  );

  app.get(
    '/challenge/:id/history',
    {
      schema: {
        tags: ['challenges'],
        summary: 'Aggregate results (when they may be shown) and the fan’s own answers',
        params: idParams,
        response: { 200: challengeHistorySchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return challengeHistory(
        app.deps.db,
        request.ctx.organization,
        user.id,
        request.params.id,
        app.deps.clock.now(),
      );
    },
  );
};
