import {
  adminBoostCreateSchema,
  adminBoostListSchema,
  adminBoostSchema,
  adminBoostUpdateSchema,
} from '@paddock/contracts/api/boosts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBoost,
  deleteBoost,
  getAdminBoost,
  listAdminBoosts,
  updateBoost,
} from './boost-admin-service.ts';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { operatorCall } from '../../admin/operator-guard.ts';

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
    async (request) => listAdminBoosts(await operatorCall(request)),
  );

  app.get(
    '/boosts/:id',
    {
      schema: {
        tags,
        summary: 'One boost',
        params: idParam,
        response: { 200: adminBoostSchema, ...errorResponses },
      },
    },
    async (request) => getAdminBoost(await operatorCall(request), request.params.id),
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
      const created = await createBoost(await operatorCall(request), request.body);
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
        params: idParam,
        body: adminBoostUpdateSchema,
        response: { 200: adminBoostSchema, ...errorResponses },
      },
    },
    async (request) => updateBoost(await operatorCall(request), request.params.id, request.body),
  );

  app.delete(
    '/boosts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a boost (it stops at once; paid awards stay)',
        params: idParam,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteBoost(await operatorCall(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
