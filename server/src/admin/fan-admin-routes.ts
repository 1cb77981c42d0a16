import {
  adjustPointsResultSchema,
  adjustPointsSchema,
  adminFanDetailSchema,
  adminFanSearchQuerySchema,
  adminFanSummarySchema,
  adminTransactionSchema,
  pageOf,
  setRolesSchema,
} from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../platform/http/route-docs.ts';
import { errorResponses, idParam, paginationQuery } from '../platform/http/schemas.ts';
import {
  adjustPoints,
  fanDetail,
  fanTransactions,
  searchFans,
  setBlocked,
  setRoles,
} from './fan-admin-service.ts';
import { operatorCall } from './operator-guard.ts';

const tags = ['admin: fans'];
const doc = routeDocs(tags);

/** Fan support (product §11.9): search, profile, ledger, point adjustments, block and roles. */
export const fanAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fans',
    doc('Search fans by e-mail, phone or name', pageOf(adminFanSummarySchema), {
      querystring: adminFanSearchQuerySchema,
    }),
    async (request) => {
      const { q, limit, cursor } = request.query;
      return searchFans(await operatorCall(request), q, limit, cursor);
    },
  );

  app.get(
    '/fans/:id',
    doc("A fan's profile, points, rank, badges and sweepstake entries", adminFanDetailSchema, {
      params: idParam,
    }),
    async (request) => fanDetail(await operatorCall(request), request.params.id),
  );

  app.get(
    '/fans/:id/transactions',
    doc("A fan's ledger, newest first", pageOf(adminTransactionSchema), {
      params: idParam,
      querystring: paginationQuery,
    }),
    async (request) => {
      const { limit, cursor } = request.query;
      return fanTransactions(await operatorCall(request), request.params.id, limit, cursor);
    },
  );

  app.post(
    '/fans/:id/adjust-points',
    doc(
      'Add or remove points with a mandatory reason (shown in the fan’s history)',
      adjustPointsResultSchema,
      {
        description: 'A negative adjustment cannot overdraw the balance: 422 insufficient_points.',
        params: idParam,
        body: adjustPointsSchema,
      },
    ),
    async (request) => {
      const { amount, reason } = request.body;
      return adjustPoints(await operatorCall(request), request.params.id, amount, reason);
    },
  );

  for (const [path, blocked] of [
    ['/fans/:id/block', true],
    ['/fans/:id/unblock', false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: blocked
            ? 'Block a fan: ends their sessions; they cannot sign in or earn'
            : 'Unblock a fan: they may sign in again',
          params: idParam,
          response: { 200: adminFanSummarySchema, ...errorResponses },
        },
      },
      async (request) => setBlocked(await operatorCall(request), request.params.id, blocked),
    );
  }

  app.post(
    '/fans/:id/roles',
    doc("Set a user's operator roles (admins only)", adminFanSummarySchema, {
      params: idParam,
      body: setRolesSchema,
    }),
    async (request) => setRoles(await operatorCall(request, 'admin'), request.params.id, request.body.roles),
  );
};
