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

/** Fan support (product §11.9): search, profile, ledger, point adjustments, block and roles. */
export const fanAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fans',
    {
      schema: {
        tags,
        summary: 'Search fans by e-mail, phone or name',
        querystring: adminFanSearchQuerySchema,
        response: { 200: pageOf(adminFanSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { q, limit, cursor } = request.query;
      return searchFans(await operatorCall(request), q, limit, cursor);
    },
  );

  app.get(
    '/fans/:id',
    {
      schema: {
        tags,
        summary: "A fan's profile, points, rank, badges and sweepstake entries",
        params: idParam,
        response: { 200: adminFanDetailSchema, ...errorResponses },
      },
    },
    async (request) => fanDetail(await operatorCall(request), request.params.id),
  );

  app.get(
    '/fans/:id/transactions',
    {
      schema: {
        tags,
        summary: "A fan's ledger, newest first",
        params: idParam,
        querystring: paginationQuery,
        response: { 200: pageOf(adminTransactionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      return fanTransactions(await operatorCall(request), request.params.id, limit, cursor);
    },
  );

  app.post(
    '/fans/:id/adjust-points',
    {
      schema: {
        tags,
        summary: 'Add or remove points with a mandatory reason (shown in the fan’s history)',
        description: 'A negative adjustment cannot overdraw the balance: 422 insufficient_points.',
        params: idParam,
        body: adjustPointsSchema,
        response: { 200: adjustPointsResultSchema, ...errorResponses },
      },
    },
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
    {
      schema: {
        tags,
        summary: "Set a user's operator roles (admins only)",
        params: idParam,
        body: setRolesSchema,
        response: { 200: adminFanSummarySchema, ...errorResponses },
      },
    },
    async (request) => setRoles(await operatorCall(request, 'admin'), request.params.id, request.body.roles),
  );
};
