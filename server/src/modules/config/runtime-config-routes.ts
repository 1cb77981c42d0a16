import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slugForHost } from '../../platform/org-sites.ts';
import { organizationByKey, organizationBySlug } from '../organization/organization-service.ts';

const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  authUrl: z.string(),
  organizationKey: z.string(),
  defaultLocale: z.string(),
  features: z.object({ loggedOffDashboard: z.boolean() }),
  analytics: z.object({
    posthogKey: z.string().nullable(),
    posthogHost: z.string().nullable(),
    internalEmailDomains: z.array(z.string()),
  }),
});

/**
 * GET /config.json: what the SPA reads before it boots, so one build serves any deployment
 * (nothing environment-specific is baked into the bundle).
 */
export const runtimeConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config.json',
    {
      schema: {
        tags: ['config'],
        summary: 'Runtime configuration for the web app',
        querystring: z.object({ organization: z.string().max(100).optional() }),
        response: { 200: runtimeConfigSchema },
      },
    },
    async (request, reply) => {
      const { config, db } = app.deps;
      // ?organization=slug, else the team whose ORG_HOSTS origin this page came from (decision
      // 035), else DEFAULT_ORGANIZATION. The Host header only selects among configured teams.
      const slug = request.query.organization ?? slugForHost(config, request.host);
      const bySlug = slug ? await organizationBySlug(db, slug) : undefined;
      const org =
        bySlug ??
        (await organizationByKey(app.deps.organizations, db, undefined, config.DEFAULT_ORGANIZATION));
      reply.header('cache-control', 'no-cache');
      return {
        apiBaseUrl: '/api',
        authUrl: '/',
        organizationKey: org?.publishableKey ?? '',
        defaultLocale: org?.defaultLocale ?? config.DEFAULT_LOCALE,
        features: { loggedOffDashboard: Boolean(org?.settings.loggedOffDashboard) },
        analytics: {
          posthogKey: config.POSTHOG_KEY ?? null,
          posthogHost: config.POSTHOG_HOST ?? null,
          internalEmailDomains: org?.settings.internalEmailDomains ?? [],
        },
      };
    },
  );
};
