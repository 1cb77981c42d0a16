import { carouselListSchema } from '@paddock/contracts/api/carousel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { dismissCarouselItem, listCarousel } from './carousel-service.ts';

const doc = routeDocs(['carousel']);

/** GET /carousel, DELETE /carousel/{id} (product §3, §7). */
export const carouselRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/carousel',
    doc(
      'The rewards carousel: fixed items minus those dismissed; age-gated ones hidden from under-18s',
      carouselListSchema,
    ),
    async (request) => listCarousel(fanCall(request)),
  );

  app.delete(
    '/carousel/:id',
    {
      schema: {
        tags: ['carousel'],
        summary: 'Dismiss a carousel item for this fan (kept across devices)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null().describe('Dismissed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await dismissCarouselItem(fanCall(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
