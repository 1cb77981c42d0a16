import { checkinResultSchema, checkinStatusSchema } from '@paddock/contracts/api/checkin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { fanCall } from '../../platform/service-call.ts';
import { checkIn, checkinStatus } from './checkin-service.ts';

const doc = routeDocs(['checkin']);

/** GET/POST /checkin (product §7): the daily check-in streak. */
export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkin',
    doc(
      'The fan’s check-in streak, whether today is still open and what the next check-in pays',
      checkinStatusSchema,
    ),
    async (request) => checkinStatus(fanCall(request)),
  );

  app.post(
    '/checkin',
    doc(
      'Check in for today (organization time zone); 422 already_checked_in on a second try',
      checkinResultSchema,
    ),
    async (request) => checkIn(fanCall(request)),
  );
};
