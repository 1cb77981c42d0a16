import { boostListSchema } from '@paddock/contracts/api/boosts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { listFanBoosts } from './boost-service.ts';

/** Product §12.2: GET /boosts, the fan's active and upcoming point boosts. */
export const boostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/boosts',
    {
      schema: {
        tags: ['boosts'],
        summary: 'The fan’s active and upcoming boosts (organization-wide and their own)',
        description: 'Active first (ending soonest, for the dashboard countdown), then upcoming.',
        response: { 200: boostListSchema, ...errorResponses },
      },
    },
    async (request) => listFanBoosts(fanCall(request)),
  );
};
