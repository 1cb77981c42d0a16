import { statsQuerySchema, statsSchema } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../platform/http/schemas.ts';
import { operatorCall } from './operator-guard.ts';
import { dashboardStats } from './stats-service.ts';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin: dashboard'],
        summary: 'Participation per challenge, points issued/spent and active fans per day',
        querystring: statsQuerySchema,
        response: { 200: statsSchema, ...errorResponses },
      },
    },
    async (request) => dashboardStats(await operatorCall(request), request.query.days),
  );
};
