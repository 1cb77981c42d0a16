import { adminActivationInputSchema, adminActivationSchema } from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import {
  activationLink,
  archiveActivation,
  getActivation,
  listActivations,
  qrSvg,
  saveActivation,
} from './activation-admin-service.ts';
import { requireOperator } from '../../admin/operator-guard.ts';

const tags = ['admin: activations'];
const withConflict = { ...errorResponses, 409: errorResponses[400] };

/** Activations (issue 5): slug, window, badges, bonus points, and a printable QR code of the link. */
export const activationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const siteUrl = config.SITE_URL;
  const actorOf = async (request: Parameters<typeof requireOperator>[0]) => {
    const caller = await requireOperator(request);
    return { organizationId: request.ctx.organization.id, actorUserId: caller.id };
  };

  app.get(
    '/activations',
    {
      schema: {
        tags,
        summary: 'All activations with badges and how many fans activated',
        response: { 200: z.object({ items: z.array(adminActivationSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return { items: await listActivations(db, request.ctx.organization.id, siteUrl, clock.now()) };
    },
  );
  app.post(
    '/activations',
    {
      schema: {
        tags,
        summary: 'Create an activation with its badges',
        body: adminActivationInputSchema,
        response: { 201: adminActivationSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveActivation(db, await actorOf(request), siteUrl, null, request.body, clock.now())),
  );
  app.put(
    '/activations/:id',
    {
      schema: {
        tags,
        summary: 'Edit an activation; badges listed with their id are kept',
        params: idParam,
        body: adminActivationInputSchema,
        response: { 200: adminActivationSchema, ...withConflict },
      },
    },
    async (request) =>
      saveActivation(db, await actorOf(request), siteUrl, request.params.id, request.body, clock.now()),
  );
  app.post(
    '/activations/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive an activation (closes its window now)',
        params: idParam,
        response: { 200: adminActivationSchema, ...errorResponses },
      },
    },
    async (request) => archiveActivation(db, await actorOf(request), siteUrl, request.params.id, clock.now()),
  );
  app.get(
    '/activations/:id/qr.svg',
    {
      schema: {
        tags,
        summary: 'QR code (SVG) of the activation link, for printing',
        params: idParam,
        response: { 200: z.string().describe('image/svg+xml'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireOperator(request);
      const activation = await getActivation(
        db,
        request.ctx.organization.id,
        siteUrl,
        clock.now(),
        request.params.id,
      );
      // Without SITE_URL the console's own origin is the best guess for the fans' link.
      const origin = siteUrl ?? `${request.protocol}://${request.host}`;
      const svg = await qrSvg(activationLink(origin, activation.slug));
      return reply.type('image/svg+xml').header('cache-control', 'private, max-age=300').send(svg);
    },
  );
};
