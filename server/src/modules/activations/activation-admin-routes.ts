import { adminActivationInputSchema, adminActivationSchema } from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { items, registerConsoleRoutes } from '../../admin/console-routes.ts';
import { operatorCall } from '../../admin/operator-guard.ts';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import {
  activationLink,
  archiveActivation,
  getAdminActivation,
  listAdminActivations,
  qrSvg,
  saveActivation,
} from './activation-admin-service.ts';
import { siteUrlFor } from '../../platform/org-sites.ts';
import type { OperatorCall } from '../../platform/service-call.ts';

const tags = ['admin: activations'];
const doc = routeDocs(tags);

/** Activations (product §11.7): slug, window, badges, bonus points, and a printable QR code of the link. */
export const activationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The team's public site, never the request's host (decisions 026, 035).
  const siteUrl = (call: OperatorCall) => siteUrlFor(app.deps.config, call.org.slug);
  registerConsoleRoutes(app, {
    path: '/activations',
    tags,
    list: {
      summary: 'All activations with badges and how many fans activated',
      response: items(adminActivationSchema),
      run: async (call) => ({ items: await listAdminActivations(call, siteUrl(call)) }),
    },
    create: {
      summary: 'Create an activation with its badges',
      body: adminActivationInputSchema,
      response: adminActivationSchema,
      conflict: true,
      run: (call, body) => saveActivation(call, siteUrl(call), null, body),
    },
    update: {
      method: 'put',
      summary: 'Edit an activation; badges listed with their id are kept',
      body: adminActivationInputSchema,
      response: adminActivationSchema,
      conflict: true,
      run: (call, id, body) => saveActivation(call, siteUrl(call), id, body),
    },
    archive: {
      summary: 'Archive an activation (closes its window now)',
      response: adminActivationSchema,
      run: (call, id) => archiveActivation(call, siteUrl(call), id),
    },
  });

  app.get(
    '/activations/:id/qr.svg',
    doc('QR code (SVG) of the activation link, for printing', z.string().describe('image/svg+xml'), {
      params: idParam,
    }),
    async (request, reply) => {
      const call = await operatorCall(request);
      const activation = await getAdminActivation(call, siteUrl(call), request.params.id);
      const svg = await qrSvg(activationLink(siteUrl(call), activation.slug));
      return reply.type('image/svg+xml').header('cache-control', 'private, max-age=300').send(svg);
    },
  );
};
