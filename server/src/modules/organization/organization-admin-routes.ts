import {
  organizationPatchSchema,
  organizationSettingsSchema,
  rankRowSchema,
  ranksPutSchema,
} from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorCall } from '../../admin/operator-guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { getOrganization, replaceRanks, updateOrganization } from './organization-admin-service.ts';
import { listRanks } from './organization-service.ts';

const tags = ['admin: settings'];
const ranksSchema = z.object({ ranks: z.array(rankRowSchema) });

/** Organization settings and ranks (product §11.8). */
export const organizationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organization',
    {
      schema: {
        tags,
        summary: 'The organization’s branding and settings',
        response: { 200: organizationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => getOrganization(await operatorCall(request)),
  );

  app.patch(
    '/organization',
    {
      schema: {
        tags,
        summary: 'Change name, branding, time zone, logged-off dashboard, internal domains, check-in table',
        body: organizationPatchSchema,
        response: { 200: organizationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => updateOrganization(await operatorCall(request), request.body, app.deps.organizations),
  );

  app.get(
    '/ranks',
    {
      schema: {
        tags,
        summary: 'The ten ranks P10 … P1 with thresholds and benefits',
        response: { 200: ranksSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { db, org } = await operatorCall(request);
      return { ranks: await listRanks(db, org.id) };
    },
  );

  app.put(
    '/ranks',
    {
      schema: {
        tags,
        summary: 'Replace the ten ranks (strictly increasing thresholds, P10 at 0)',
        body: ranksPutSchema,
        response: { 200: ranksSchema, ...errorResponses },
      },
    },
    async (request) => ({
      ranks: await replaceRanks(await operatorCall(request), request.body, app.deps.organizations),
    }),
  );
};
