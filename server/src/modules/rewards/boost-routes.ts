import { boostListSchema } from '@paddock/contracts/api/boosts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { fanCall } from '../../platform/service-call.ts';
import { listFanBoosts } from './boost-service.ts';

const doc = routeDocs(['boosts']);

/** Product §12.2: GET /boosts, the fan's active and upcoming point boosts. */
export const boostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/boosts',
    doc('The fan’s active and upcoming boosts (organization-wide and their own)', boostListSchema, {
      description: 'Active first (ending soonest, for the dashboard countdown), then upcoming.',
    }),
    async (request) => listFanBoosts(fanCall(request)),
  );
};
