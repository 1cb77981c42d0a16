import { consentListSchema, consentSchema, consentUpdateSchema } from '@paddock/contracts/api/consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { listConsents, updateConsent } from './consent-service.ts';

/** GET /consent/user, PATCH /consent/user/{id} (product §7). */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consent/user',
    {
      schema: {
        tags: ['consent'],
        summary: 'Every consent of the organization with the fan’s value; enabled = value > 0 (product §3)',
        response: { 200: consentListSchema, ...errorResponses },
      },
    },
    async (request) => listConsents(fanCall(request)),
  );

  app.patch(
    '/consent/user/:id',
    {
      schema: {
        tags: ['consent'],
        summary: 'Give or withdraw a consent (id = the consent’s id); every change is kept in a history',
        params: idParam,
        body: consentUpdateSchema,
        response: { 200: consentSchema, ...errorResponses },
      },
    },
    async (request) => updateConsent(fanCall(request), request.params.id, request.body),
  );
};
