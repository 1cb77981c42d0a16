import { adminActivationInputSchema, adminActivationSchema } from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerItemRoutes } from '../../admin/item-routes.ts';
import { operatorCall } from '../../admin/operator-guard.ts';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import {
  activationLink,
  archiveActivation,
  getAdminActivation,
  listAdminActivations,
  qrSvg,
  saveActivation,
} from './activation-admin-service.ts';

const tags = ['admin: activations'];

/** Activations (issue 5): slug, window, badges, bonus points, and a printable QR code of the link. */
export const activationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const siteUrl = app.deps.config.SITE_URL;
  registerItemRoutes(app, {
    path: '/activations',
    tags,
    item: adminActivationSchema,
    input: adminActivationInputSchema,
    conflict: true,
    summary: {
      list: 'All activations with badges and how many fans activated',
      create: 'Create an activation with its badges',
      update: 'Edit an activation; badges listed with their id are kept',
      archive: 'Archive an activation (closes its window now)',
    },
    list: (call) => listAdminActivations(call, siteUrl),
    save: (call, id, input) => saveActivation(call, siteUrl, id, input),
    archive: (call, id) => archiveActivation(call, siteUrl, id),
  });

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
      const activation = await getAdminActivation(await operatorCall(request), siteUrl, request.params.id);
      // Without SITE_URL the console's own origin is the best guess for the fans' link.
      const origin = siteUrl ?? `${request.protocol}://${request.host}`;
      const svg = await qrSvg(activationLink(origin, activation.slug));
      return reply.type('image/svg+xml').header('cache-control', 'private, max-age=300').send(svg);
    },
  );
};
