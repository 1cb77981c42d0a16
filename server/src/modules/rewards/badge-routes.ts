import { walletBadgeListSchema } from '@paddock/contracts/api/badges';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { listWalletBadges } from './badge-service.ts';

/** Product §12.3: the badge wallet at GET /user/me/badges (the path sits beside the user module's). */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/me/badges',
    {
      schema: {
        tags: ['badges'],
        summary: 'Every badge the fan holds: image, name, description, how it was earned and when',
        description:
          'Newest first. Badges come from activations, milestones (streaks, pick’em, season) and the team.',
        response: { 200: walletBadgeListSchema, ...errorResponses },
      },
    },
    async (request) => listWalletBadges(fanCall(request)),
  );
};
