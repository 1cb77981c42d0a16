import {
  activateUserBodySchema,
  activateUserResultSchema,
  activationListSchema,
  activationSchema,
} from '@paddock/contracts/api/activations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { fanCall, viewerCall } from '../../platform/service-call.ts';
import { activateUser, getActivation, listActivations } from './activation-service.ts';

const doc = routeDocs(['activations']);

/**
 * GET /activations/list, GET /activations/{id}, POST /activations/activate-user (product §7).
 * Reading is open to anonymous callers: the landing page /activations/{slug} is public and
 * allowed before sign-up (product §2).
 */
export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activations/list',
    doc(
      'Every activation with its window status, badges and whether the fan activated it',
      activationListSchema,
    ),
    async (request) => listActivations(viewerCall(request)),
  );

  app.get(
    '/activations/:idOrSlug',
    doc('One activation by id or slug', activationSchema, {
      params: z.object({ idOrSlug: z.string().min(1).max(120) }),
    }),
    async (request) => getActivation(viewerCall(request), request.params.idOrSlug),
  );

  app.post(
    '/activations/activate-user',
    doc('Activate the signed-in fan: grants the badges and bonus points once', activateUserResultSchema, {
      description: '422 activation_not_open outside the window; a repeat answers 200 with nothing new.',
      body: activateUserBodySchema,
    }),
    async (request) => activateUser(fanCall(request), request.body.slug),
  );
};
