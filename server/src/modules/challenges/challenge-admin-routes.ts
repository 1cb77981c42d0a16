import {
  adminChallengeInputSchema,
  adminChallengeListQuerySchema,
  adminChallengeListSchema,
  adminChallengePatchSchema,
  adminChallengeSchema,
  settleBodySchema,
  settleResultSchema,
} from '@paddock/contracts/api/challenges';
import { challengeResultsSchema } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerConsoleRoutes } from '../../admin/console-routes.ts';
import { operatorCall } from '../../admin/operator-guard.ts';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import {
  archiveChallenge,
  createChallenge,
  getAdminChallenge,
  listAdminChallenges,
  updateChallenge,
} from './challenge-admin-service.ts';
import { challengeResults } from './challenge-results.ts';
import { settlePickem } from './challenge-settlement.ts';

const tags = ['admin: challenges'];
const doc = routeDocs(tags);

/**
 * Operator endpoints for challenges (under /api/admin): list, create, edit, archive, pick'em
 * settlement, aggregate results.
 */
export const challengeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConsoleRoutes(app, {
    path: '/challenges',
    tags,
    list: {
      summary: 'Every challenge with its answers, settings and response count',
      querystring: adminChallengeListQuerySchema,
      response: adminChallengeListSchema,
      run: async (call, query) => ({ items: await listAdminChallenges(call, query) }),
    },
    get: {
      summary: 'One challenge as the operator sees it (correct answers included)',
      response: adminChallengeSchema,
      run: getAdminChallenge,
    },
    create: {
      summary: 'Create a challenge of any subtype (422 invalid_challenge names the broken rule)',
      body: adminChallengeInputSchema,
      response: adminChallengeSchema,
      run: createChallenge,
    },
    update: {
      method: 'patch',
      summary: 'Edit a challenge; options and questions are frozen once fans have answered',
      body: adminChallengePatchSchema,
      response: adminChallengeSchema,
      run: updateChallenge,
    },
    archive: {
      summary: 'Archive a challenge: fans no longer see it; answers and ledger lines stay',
      response: adminChallengeSchema,
      run: archiveChallenge,
    },
  });

  app.post(
    '/challenges/:id/settle',
    doc(
      "Settle a closed pick'em: pays correct predictions once; a different outcome re-settles with reversals",
      settleResultSchema,
      {
        description: 'With preview: true nothing changes and the answer says who would be paid or reversed.',
        params: idParam,
        body: settleBodySchema,
      },
    ),
    async (request) => settlePickem(await operatorCall(request), request.params.id, request.body),
  );

  app.get(
    '/challenges/:id/results',
    doc(
      'Aggregate answers of a challenge (options, trivia questions), whatever fans may see',
      challengeResultsSchema,
      { params: idParam },
    ),
    async (request) => challengeResults(await operatorCall(request), request.params.id),
  );
};
