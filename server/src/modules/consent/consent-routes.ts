import { consentListSchema, consentSchema, consentUpdateSchema } from '@paddock/contracts/api/consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { listConsents, updateConsent } from './consent-service.ts';

const doc = routeDocs(['consent']);

/** GET /consent/user, PATCH /consent/user/{id} (product §7). */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consent/user',
    doc(
      'Every consent of the organization with the fan’s value; enabled = value > 0 (product §3)',
      consentListSchema,
    ),
    async (request) => listConsents(fanCall(request)),
  );

  app.patch(
    '/consent/user/:id',
    doc(
      'Give or withdraw a consent (id = the consent’s id); every change is kept in a history',
      consentSchema,
      {
        params: idParam,
        body: consentUpdateSchema,
      },
    ),
    async (request) => updateConsent(fanCall(request), request.params.id, request.body),
  );
};
