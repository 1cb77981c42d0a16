import {
  consentTypeCreateSchema,
  consentTypePatchSchema,
  consentTypeSchema,
} from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorCall } from '../../admin/operator-guard.ts';
import { errorResponses, idParam, withConflict } from '../../platform/http/schemas.ts';
import {
  createConsentType,
  deleteConsentType,
  listConsentTypes,
  updateConsentType,
} from './consent-admin-service.ts';

const tags = ['admin: settings'];

/** The consent types fans are asked for (issue 5 "Ranks, consent types, … settings"). */
export const consentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consent-types',
    {
      schema: {
        tags,
        summary: 'Consent types fans are asked for',
        response: { 200: z.object({ items: z.array(consentTypeSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ items: await listConsentTypes(await operatorCall(request)) }),
  );

  app.post(
    '/consent-types',
    {
      schema: {
        tags,
        summary: 'Add a consent type',
        body: consentTypeCreateSchema,
        response: { 201: consentTypeSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createConsentType(await operatorCall(request), request.body)),
  );

  app.patch(
    '/consent-types/:id',
    {
      schema: {
        tags,
        summary: 'Edit a consent type (its key is fixed)',
        params: idParam,
        body: consentTypePatchSchema,
        response: { 200: consentTypeSchema, ...errorResponses },
      },
    },
    async (request) => updateConsentType(await operatorCall(request), request.params.id, request.body),
  );

  app.delete(
    '/consent-types/:id',
    {
      schema: {
        tags,
        summary: 'Delete an optional consent type and the fans’ answers to it',
        params: idParam,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteConsentType(await operatorCall(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
