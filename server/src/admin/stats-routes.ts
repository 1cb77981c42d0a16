import { statsQuerySchema, statsSchema } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../platform/http/route-docs.ts';
import { operatorCall } from './operator-guard.ts';
import { dashboardStats } from './stats-service.ts';

const doc = routeDocs(['admin: dashboard']);

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    doc('Participation per challenge, points issued/spent and active fans per day', statsSchema, {
      querystring: statsQuerySchema,
    }),
    async (request) => dashboardStats(await operatorCall(request), request.query.days),
  );
};
