import {
  adminBoostCreateSchema,
  adminBoostListSchema,
  adminBoostSchema,
  adminBoostUpdateSchema,
} from '@paddock/contracts/api/boosts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBoost, deleteBoost, getAdminBoost, listAdminBoosts, updateBoost } from './boost-service.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { requireOperator } from '../../admin/operator-guard.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
const tags = ['admin: boosts'];

/** Operator CRUD for point boosts (issue 6): windows, multiplier, kind of earning, scope. */
export const boostAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/boosts',
    {
      schema: {
        tags,
        summary: 'Every boost (operator and badge-granted), newest window first',
        response: { 200: adminBoostListSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return listAdminBoosts(app.deps.db, request.ctx.organization.id, app.deps.clock.now());
    },
  );

  app.get(
    '/boosts/:id',
    {
      schema: {
        tags,
        summary: 'One boost',
        params: idParams,
        response: { 200: adminBoostSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return getAdminBoost(app.deps.db, request.ctx.organization.id, request.params.id, app.deps.clock.now());
    },
  );

  app.post(
    '/boosts',
    {
      schema: {
        tags,
        summary: 'Create a boost for the whole organization (userId null) or one fan',
        description: '422 fan_not_found when userId is not a fan of this organization.',
        body: adminBoostCreateSchema,
        response: { 201: adminBoostSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const operator = await requireOperator(request);
      const created = await createBoost(
        app.deps,
        { organizationId: request.ctx.organization.id, actorUserId: operator.id },
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/boosts/:id',
    {
      schema: {
        tags,
        summary: 'Edit a boost (any subset); awards already paid are not recomputed',
        description: '422 invalid_window, fan_not_found.',
        params: idParams,
        body: adminBoostUpdateSchema,
        response: { 200: adminBoostSchema, ...errorResponses },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      return updateBoost(
        app.deps,
        { organizationId: request.ctx.organization.id, actorUserId: operator.id },
        request.params.id,
        request.body,
      );
    },
  );

  app.delete(
    '/boosts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a boost (it stops at once; paid awards stay)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const operator = await requireOperator(request);
      await deleteBoost(
        app.deps,
        { organizationId: request.ctx.organization.id, actorUserId: operator.id },
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );
};
