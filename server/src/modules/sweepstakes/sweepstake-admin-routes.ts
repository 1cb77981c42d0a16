import {
  adminDrawBodySchema,
  adminSweepstakeCreateSchema,
  adminSweepstakeListSchema,
  adminSweepstakeSchema,
  adminSweepstakeUpdateSchema,
  sweepstakeVerificationSchema,
} from '@paddock/contracts/api/sweepstakes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerConsoleRoutes } from '../../admin/console-routes.ts';
import { operatorCall } from '../../admin/operator-guard.ts';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import { createSweepstake, listAdminSweepstakes, updateSweepstake } from './sweepstake-admin-service.ts';
import { tellWinners } from './sweepstake-claim.ts';
import { drawSweepstake } from './sweepstake-draw.ts';
import { entriesCsv } from './sweepstake-export.ts';
import { siteUrlFor } from '../../platform/org-sites.ts';

const tags = ['admin: sweepstakes'];
const doc = routeDocs(tags);

/** Operator endpoints for sweepstakes (under /api/admin): create, edit, list, draw, CSV export. */
export const sweepstakeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConsoleRoutes(app, {
    path: '/sweepstakes',
    tags,
    list: {
      summary: 'Every sweepstake with totals, entrants and draw state',
      response: adminSweepstakeListSchema,
      run: (call) => listAdminSweepstakes(call),
    },
    create: {
      summary: 'Create a sweepstake; its secret seed is generated now and only its SHA-256 is published',
      body: adminSweepstakeCreateSchema,
      response: adminSweepstakeSchema,
      run: createSweepstake,
    },
    update: {
      method: 'patch',
      summary: 'Edit a sweepstake until it is drawn (422 already_drawn after)',
      body: adminSweepstakeUpdateSchema,
      response: adminSweepstakeSchema,
      run: updateSweepstake,
    },
  });

  app.post(
    '/sweepstakes/:id/draw',
    doc(
      'Draw winners after endsAt: freeze and hash the entry list, pick, reveal the seed',
      sweepstakeVerificationSchema,
      {
        description: '422 already_drawn on a second draw, sweepstake_not_ended before endsAt.',
        params: idParam,
        body: adminDrawBodySchema,
      },
    ),
    async (request) => {
      const call = await operatorCall(request);
      const result = await drawSweepstake(call, request.params.id, request.body.winners);
      // Product §10.6: every winner is told by e-mail (the outbox), after the draw has committed.
      const site = siteUrlFor(app.deps.config, call.org.slug);
      await tellWinners(app.deps, request.log, call, request.params.id, site);
      return result;
    },
  );

  app.get(
    '/sweepstakes/:id/entries.csv',
    doc('Export entrants, their entries and the winners as CSV', z.string().describe('text/csv'), {
      params: idParam,
    }),
    async (request, reply) => {
      const csv = await entriesCsv(await operatorCall(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sweepstake-${request.params.id}-entries.csv"`)
        .send(csv);
    },
  );
};
