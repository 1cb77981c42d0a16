import {
  createdOrganizationSchema,
  createOrganizationSchema,
  platformOrganizationSchema,
} from '@paddock/contracts/api/platform';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteOperator } from '../auth/invitations.ts';
import type { Organization } from '../db/schema.ts';
import { listOrganizations } from '../modules/organization/organization-create.ts';
import { fanRoles } from '../modules/profile/fan-accounts.ts';
import { conflict, forbidden } from '../platform/errors.ts';
import { errorResponses } from '../platform/http/schemas.ts';
import { siteUrlFor } from '../platform/org-sites.ts';
import { requireUser } from '../platform/request-context.ts';
import { createTeam } from './teams.ts';

const tags = ['platform'];

/**
 * The role that runs the deployment rather than one team (decision 035). Held in
 * app_metadata.roles like the operator roles (`npm run admin -- grant-role EMAIL platform_admin`)
 * and read from the database on every call, so taking it away works at once.
 */
async function requirePlatformAdmin(request: FastifyRequest) {
  const caller = requireUser(request);
  const roles = await fanRoles(request.server.deps.db, request.ctx.organization.id, caller.id);
  if (!roles.includes('platform_admin')) throw forbidden('This needs a platform administrator account');
  return caller;
}

/** /api/platform: the teams this deployment serves, behind the platform_admin role. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const present = (
    o: Pick<Organization, 'id' | 'slug' | 'name' | 'timeZone' | 'publishableKey' | 'createdAt'>,
  ) => ({
    id: o.id,
    slug: o.slug,
    name: o.name,
    timeZone: o.timeZone,
    publishableKey: o.publishableKey,
    siteUrl: siteUrlFor(config, o.slug),
    createdAt: new Date(o.createdAt).toISOString(),
  });

  app.addHook('onRequest', async (request) => {
    await requirePlatformAdmin(request);
  });

  app.get(
    '/organizations',
    {
      schema: {
        tags,
        summary: 'Every team on this deployment, with its publishable key and site',
        response: { 200: z.object({ items: z.array(platformOrganizationSchema) }), ...errorResponses },
      },
    },
    async () => ({ items: (await listOrganizations(app.deps.db)).map(present) }),
  );

  app.post(
    '/organizations',
    {
      schema: {
        tags,
        summary: 'Create a team (key, ranks, consent types) and invite its first operator by e-mail',
        body: createOrganizationSchema,
        response: { 201: createdOrganizationSchema, 409: errorResponses[422], ...errorResponses },
      },
    },
    async (request, reply) => {
      const { slug, name, timeZone, operatorEmail } = request.body;
      const org = await createTeam(app.deps.db, { slug, name, timeZone });
      if (!org)
        throw conflict('organization_exists', `An organization with the slug "${slug}" exists already`);
      const invitation = await inviteOperator(app, request, org, operatorEmail);
      request.log.info({ organizationId: org.id, slug }, 'organization created');
      return reply.status(201).send({
        organization: present(org),
        invitation: { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() },
      });
    },
  );
};
