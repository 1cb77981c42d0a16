import {
  adminOfferCreateSchema,
  adminOfferListSchema,
  adminOfferSchema,
  adminOfferUpdateSchema,
  offerCodeImportJsonSchema,
  offerCodeImportResultSchema,
} from '@paddock/contracts/api/offers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import {
  claimsCsv,
  createOffer,
  getAdminOffer,
  importCodes,
  listAdminOffers,
  updateOffer,
} from './offer-admin-service.ts';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { registerConsoleRoutes } from '../../admin/console-routes.ts';
import { operatorCall } from '../../admin/operator-guard.ts';

const tags = ['admin: offers'];
const doc = routeDocs(tags);
const MAX_CSV = 4 * 1024 * 1024;

/** Operator endpoints for offers (product §12.4): create, edit, list, import a code pool, export claims. */
export const offerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // A code pool arrives as the raw CSV file; scoped to this plugin (operator-gate runs first).
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: MAX_CSV },
    (_r, body, done) => done(null, body),
  );

  registerConsoleRoutes(app, {
    path: '/offers',
    tags,
    list: {
      summary: 'Every offer with stock, claims and code pool counts',
      response: adminOfferListSchema,
      run: listAdminOffers,
    },
    get: {
      summary: 'One offer with stock, claims and code pool counts',
      response: adminOfferSchema,
      run: getAdminOffer,
    },
    create: {
      summary: 'Create an offer (codes: import the pool next; instruction: the text every claimant sees)',
      body: adminOfferCreateSchema,
      response: adminOfferSchema,
      run: createOffer,
    },
    update: {
      method: 'patch',
      summary: 'Edit an offer (any subset of fields); archived=true hides it from fans',
      description:
        '422 codes: invalid_window, instruction_required, stock_below_claims, redemption_locked, media_not_found.',
      body: adminOfferUpdateSchema,
      response: adminOfferSchema,
      run: updateOffer,
    },
  });

  app.post(
    '/offers/:id/codes',
    {
      bodyLimit: MAX_CSV,
      schema: {
        tags,
        summary: 'Import unique codes: a text/csv body (one code per line, header optional) or JSON {csv}',
        description:
          'Codes already in the pool or repeated in the file are reported in `duplicates` and skipped. 422 not_a_code_offer, no_codes.',
        params: idParam,
        body: z.union([z.string().max(MAX_CSV), offerCodeImportJsonSchema]),
        response: { 200: offerCodeImportResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = await operatorCall(request);
      const csv = typeof request.body === 'string' ? request.body : request.body.csv;
      return importCodes(call, request.params.id, csv);
    },
  );

  app.get(
    '/offers/:id/claims.csv',
    doc(
      'Export the claims report (who, when, which code, points spent) as CSV',
      z.string().describe('text/csv'),
      { params: idParam },
    ),
    async (request, reply) => {
      const csv = await claimsCsv(await operatorCall(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="offer-${request.params.id}-claims.csv"`)
        .send(csv);
    },
  );
};
