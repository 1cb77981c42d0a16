import { walletBadgeListSchema } from '@paddock/contracts/api/badges';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { fanCall } from '../../platform/service-call.ts';
import { listWalletBadges } from './badge-service.ts';

const doc = routeDocs(['badges']);

/** Product §12.3: the badge wallet at GET /user/me/badges (the path sits beside the user module's). */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/me/badges',
    doc(
      'Every badge the fan holds: image, name, description, how it was earned and when',
      walletBadgeListSchema,
      {
        description:
          'Newest first. Badges come from activations, milestones (streaks, pick’em, season) and the team.',
      },
    ),
    async (request) => listWalletBadges(fanCall(request)),
  );
};
