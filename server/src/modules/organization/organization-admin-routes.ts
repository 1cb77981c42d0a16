import {
  organizationPatchSchema,
  organizationSettingsSchema,
  rankRowSchema,
  ranksPutSchema,
} from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorCall } from '../../admin/operator-guard.ts';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { getOrganization, replaceRanks, updateOrganization } from './organization-admin-service.ts';
import { listRanks } from './organization-service.ts';

const doc = routeDocs(['admin: settings']);
const ranksSchema = z.object({ ranks: z.array(rankRowSchema) });

/** Organization settings and ranks (product §11.8). */
export const organizationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organization',
    doc('The organization’s branding and settings', organizationSettingsSchema),
    async (request) => getOrganization(await operatorCall(request)),
  );

  app.patch(
    '/organization',
    doc(
      'Change name, branding, time zone, logged-off dashboard, internal domains, check-in table',
      organizationSettingsSchema,
      { body: organizationPatchSchema },
    ),
    async (request) => updateOrganization(await operatorCall(request), request.body, app.deps.organizations),
  );

  app.get(
    '/ranks',
    doc('The ten ranks P10 … P1 with thresholds and benefits', ranksSchema),
    async (request) => {
      const { db, org } = await operatorCall(request);
      return { ranks: await listRanks(db, org.id) };
    },
  );

  app.put(
    '/ranks',
    doc('Replace the ten ranks (strictly increasing thresholds, P10 at 0)', ranksSchema, {
      body: ranksPutSchema,
    }),
    async (request) => ({
      ranks: await replaceRanks(await operatorCall(request), request.body, app.deps.organizations),
    }),
  );
};
