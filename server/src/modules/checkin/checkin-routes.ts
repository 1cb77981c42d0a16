import { checkinResultSchema, checkinStatusSchema } from '@paddock/contracts/api/checkin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { checkIn, checkinStatus } from './checkin-service.ts';

/** GET/POST /checkin (product §7): the daily check-in streak. */
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
    async (request) => checkinStatus(fanCall(request)),
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
    async (request) => checkIn(fanCall(request)),
  );
};
