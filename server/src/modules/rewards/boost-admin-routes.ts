import {
  adminBoostCreateSchema,
  adminBoostListSchema,
  adminBoostSchema,
  adminBoostUpdateSchema,
} from '@paddock/contracts/api/boosts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerConsoleRoutes } from '../../admin/console-routes.ts';
import {
  createBoost,
  deleteBoost,
  getAdminBoost,
  listAdminBoosts,
  updateBoost,
} from './boost-admin-service.ts';

/** Operator CRUD for point boosts (product §12.4): windows, multiplier, kind of earning, scope. */
export const boostAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConsoleRoutes(app, {
    path: '/boosts',
    tags: ['admin: boosts'],
    list: {
      summary: 'Every boost (operator and badge-granted), newest window first',
      response: adminBoostListSchema,
      run: listAdminBoosts,
    },
    get: { summary: 'One boost', response: adminBoostSchema, run: getAdminBoost },
    create: {
      summary: 'Create a boost for the whole organization (userId null) or one fan',
      description: '422 fan_not_found when userId is not a fan of this organization.',
      body: adminBoostCreateSchema,
      response: adminBoostSchema,
      run: createBoost,
    },
    update: {
      method: 'patch',
      summary: 'Edit a boost (any subset); awards already paid are not recomputed',
      description: '422 invalid_window, fan_not_found.',
      body: adminBoostUpdateSchema,
      response: adminBoostSchema,
      run: updateBoost,
    },
    remove: { summary: 'Delete a boost (it stops at once; paid awards stay)', run: deleteBoost },
  });
};
