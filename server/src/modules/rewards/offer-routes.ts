import { currentOfferSchema, offerClaimResultSchema, offerListSchema } from '@paddock/contracts/api/offers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { claimOffer, currentOffer, listOffersForFan } from './offer-service.ts';

const doc = routeDocs(['offers']);

/** Product §12.1: GET /offers, GET /offers/current, POST /offers/{id}/claim (a signed-in fan). */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers',
    doc(
      'Every offer the fan can see, with offerClaimed, the code once claimed and rank locks',
      offerListSchema,
      {
        description:
          'Live offers (rank-locked ones with locked=true and requiredRank), minus age-gated ones for a fan under that age, plus every offer the fan claimed. Newest first.',
      },
    ),
    async (request) => listOffersForFan(fanCall(request)),
  );

  app.get(
    '/offers/current',
    doc(
      'The dashboard offer: the newest live offer the fan can claim, else the newest live one',
      currentOfferSchema,
    ),
    async (request) => ({ offer: await currentOffer(fanCall(request)) }),
  );

  app.post(
    '/offers/:id/claim',
    doc(
      'Claim an offer: spends its cost and hands out one unique code, in one transaction',
      offerClaimResultSchema,
      {
        description:
          '422 codes: insufficient_points, out_of_stock, already_claimed, not_eligible (with reason window, age or rank; requiredRank for rank).',
        params: idParam,
      },
    ),
    async (request) => claimOffer(fanCall(request), request.params.id),
  );
};
