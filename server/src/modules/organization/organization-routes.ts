import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { listRanks } from './organization-service.ts';

const doc = routeDocs(['organization']);

export const rankSchema = z.object({
  code: z.string(),
  name: z.string(),
  minPoints: z.number().int(),
  benefits: z.string().nullable(),
});

export const organizationSchema = z.object({
  organizationId: z.uuid(),
  token: z.string().describe('The publishable key, sent as X-Organization-Token and as the anonymous bearer'),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  defaultLocale: z.string(),
  branding: z.object({
    primaryColor: z.string(),
    accentColor: z.string(),
    backgroundColor: z.string(),
    logoUrl: z.string().nullable(),
  }),
  loggedOffDashboard: z.boolean(),
  /** Product §10.12: the documents sign-up, welcome and profile link to; null until the operator sets them. */
  termsUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  ranks: z.array(rankSchema),
});

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organization/current',
    doc('The organization selected by X-Organization-Token, with its ranks (product §7)', organizationSchema),
    async (request) => {
      const org = request.ctx.organization;
      const ranks = await listRanks(app.deps.db, org.id);
      return {
        organizationId: org.id,
        token: org.publishableKey,
        name: org.name,
        slug: org.slug,
        timeZone: org.timeZone,
        defaultLocale: org.defaultLocale,
        branding: {
          primaryColor: org.branding.primaryColor ?? '#e10600',
          accentColor: org.branding.accentColor ?? '#00d2be',
          backgroundColor: org.branding.backgroundColor ?? '#0b0d12',
          logoUrl: org.branding.logoMediaId ? `/files/${org.branding.logoMediaId}` : null,
        },
        loggedOffDashboard: Boolean(org.settings.loggedOffDashboard),
        termsUrl: org.settings.termsUrl ?? null,
        privacyUrl: org.settings.privacyUrl ?? null,
        ranks,
      };
    },
  );
};
