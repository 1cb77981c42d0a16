import { checkinResultSchema, checkinStatusSchema } from '@paddock/contracts/api/checkin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { requireUser } from '../../platform/request-context.ts';
import { checkIn, checkinStatus } from './checkin-service.ts';

/** GET/POST /checkin (SPEC §7): the daily check-in streak. */
export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkin',
    {
      schema: {
        tags: ['checkin'],
        summary: 'The fan’s check-in streak, whether today is still open and what the next check-in pays',
        response: { 200: checkinStatusSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return checkinStatus(app.deps.db, request.ctx.organization, user.id, app.deps.clock.now());
    },
  );

  app.post(
    '/checkin',
    {
      schema: {
        tags: ['checkin'],
        summary: 'Check in for today (organization time zone); 422 already_checked_in on a second try',
        response: { 200: checkinResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return checkIn(app.deps.db, request.ctx.organization, user.id, app.deps.clock.now());
    },
  );
};
