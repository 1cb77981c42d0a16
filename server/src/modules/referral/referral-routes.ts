import { referralSchema } from '@paddock/contracts/api/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { getReferralSummary } from './referral-service.ts';
import { siteUrlFor } from '../../platform/org-sites.ts';

/** GET /referral (product §10.8). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referral',
    {
      schema: {
        tags: ['referral'],
        summary: 'The fan’s referral code, share link, referred count and referral points earned',
        response: { 200: referralSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = fanCall(request);
      // The team's public site, never the request's host (decisions 026, 035).
      return getReferralSummary(call, siteUrlFor(app.deps.config, call.org.slug));
    },
  );
};
