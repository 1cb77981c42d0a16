import {
  consentTypeCreateSchema,
  consentTypePatchSchema,
  consentTypeSchema,
  organizationPatchSchema,
  organizationSettingsSchema,
  rankRowSchema,
  ranksPutSchema,
} from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { requireOperator } from '../../admin/operator-guard.ts';
import {
  createConsentType,
  deleteConsentType,
  getOrganization,
  listConsentTypes,
  listRanks,
  replaceRanks,
  updateConsentType,
  updateOrganization,
} from './organization-admin-service.ts';

const withConflict = { ...errorResponses, 409: errorResponses[400] };

/** Organization settings, ranks and consent types (issue 5 "Ranks, consent types, … settings"). */
export const organizationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const actorOf = async (request: Parameters<typeof requireOperator>[0]) => {
    const caller = await requireOperator(request);
    return { organizationId: request.ctx.organization.id, actorUserId: caller.id };
  };

  app.get(
    '/organization',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'The organization’s branding and settings',
        response: { 200: organizationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return getOrganization(db, request.ctx.organization.id);
    },
  );

  app.patch(
    '/organization',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'Change name, branding, time zone, logged-off dashboard, internal domains, check-in table',
        body: organizationPatchSchema,
        response: { 200: organizationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => updateOrganization(db, await actorOf(request), request.body, clock.now()),
  );

  app.get(
    '/ranks',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'The ten ranks P10 … P1 with thresholds and benefits',
        response: { 200: z.object({ ranks: z.array(rankRowSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return { ranks: await listRanks(db, request.ctx.organization.id) };
    },
  );

  app.put(
    '/ranks',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'Replace the ten ranks (strictly increasing thresholds, P10 at 0)',
        body: ranksPutSchema,
        response: { 200: z.object({ ranks: z.array(rankRowSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ ranks: await replaceRanks(db, await actorOf(request), request.body) }),
  );

  app.get(
    '/consent-types',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'Consent types fans are asked for',
        response: { 200: z.object({ items: z.array(consentTypeSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return { items: await listConsentTypes(db, request.ctx.organization.id) };
    },
  );

  app.post(
    '/consent-types',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'Add a consent type',
        body: consentTypeCreateSchema,
        response: { 201: consentTypeSchema, ...withConflict },
      },
    },
    async (request, reply) => {
      const row = await createConsentType(db, await actorOf(request), request.body);
      return reply.status(201).send(row);
    },
  );

  app.patch(
    '/consent-types/:id',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'Edit a consent type (its key is fixed)',
        params: idParam,
        body: consentTypePatchSchema,
        response: { 200: consentTypeSchema, ...errorResponses },
      },
    },
    async (request) => updateConsentType(db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/consent-types/:id',
    {
      schema: {
        tags: ['admin: settings'],
        summary: 'Delete an optional consent type and the fans’ answers to it',
        params: idParam,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteConsentType(db, await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
