import {
  adminChallengeInputSchema,
  adminChallengeListQuerySchema,
  adminChallengeListSchema,
  adminChallengePatchSchema,
  adminChallengeSchema,
  settleBodySchema,
  settleResultSchema,
} from '@paddock/contracts/api/challenges';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archiveChallenge,
  createChallenge,
  getAdminChallenge,
  listAdminChallenges,
  settlePickem,
  updateChallenge,
} from './challenge-admin-service.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { requireOperator } from '../../admin/operator-guard.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
const tags = ['admin: challenges'];

/** Operator endpoints for challenges (under /api/admin): list, create, edit, archive, pick'em settlement. */
export const challengeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const operatorCall = async (request: FastifyRequest) => {
    const operator = await requireOperator(request);
    return {
      organizationId: request.ctx.organization.id,
      actorUserId: operator.id,
      now: app.deps.clock.now(),
    };
  };

  app.get(
    '/challenges',
    {
      schema: {
        tags,
        summary: 'Every challenge with its answers, settings and response count',
        querystring: adminChallengeListQuerySchema,
        response: { 200: adminChallengeListSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      const items = await listAdminChallenges(app.deps.db, request.ctx.organization.id, request.query);
      return { items };
    },
  );

  app.get(
    '/challenges/:id',
    {
      schema: {
        tags,
        summary: 'One challenge as the operator sees it (correct answers included)',
        params: idParams,
        response: { 200: adminChallengeSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return getAdminChallenge(app.deps.db, request.ctx.organization.id, request.params.id);
    },
  );

  app.post(
    '/challenges',
    {
      schema: {
        tags,
        summary: 'Create a challenge of any subtype (422 invalid_challenge names the broken rule)',
        body: adminChallengeInputSchema,
        response: { 201: adminChallengeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const call = await operatorCall(request);
      return reply.status(201).send(await createChallenge(app.deps.db, call, request.body));
    },
  );

  app.patch(
    '/challenges/:id',
    {
      schema: {
        tags,
        summary: 'Edit a challenge; options and questions are frozen once fans have answered',
        params: idParams,
        body: adminChallengePatchSchema,
        response: { 200: adminChallengeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = await operatorCall(request);
      return updateChallenge(app.deps.db, call, request.params.id, request.body);
    },
  );

  app.post(
    '/challenges/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a challenge: fans no longer see it; answers and ledger lines stay',
        params: idParams,
        response: { 200: adminChallengeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = await operatorCall(request);
      return archiveChallenge(app.deps.db, call, request.params.id);
    },
  );

  app.post(
    '/challenges/:id/settle',
    {
      schema: {
        tags,
        summary:
          "Settle a closed pick'em: pays correct predictions once; a different outcome re-settles with reversals",
        description: 'With preview: true nothing changes and the answer says who would be paid or reversed.',
        params: idParams,
        body: settleBodySchema,
        response: { 200: settleResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = await operatorCall(request);
      return settlePickem(app.deps.db, call, request.params.id, request.body);
    },
  );
};
