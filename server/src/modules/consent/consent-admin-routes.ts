import {
  consentTypeCreateSchema,
  consentTypePatchSchema,
  consentTypeSchema,
} from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { items, registerConsoleRoutes } from '../../admin/console-routes.ts';
import {
  createConsentType,
  deleteConsentType,
  listConsentTypes,
  updateConsentType,
} from './consent-admin-service.ts';

/** The consent types fans are asked for (product §11.8). */
export const consentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConsoleRoutes(app, {
    path: '/consent-types',
    tags: ['admin: settings'],
    list: {
      summary: 'Consent types fans are asked for',
      response: items(consentTypeSchema),
      run: async (call) => ({ items: await listConsentTypes(call) }),
    },
    create: {
      summary: 'Add a consent type',
      body: consentTypeCreateSchema,
      response: consentTypeSchema,
      conflict: true,
      run: createConsentType,
    },
    update: {
      method: 'patch',
      summary: 'Edit a consent type (its key is fixed)',
      body: consentTypePatchSchema,
      response: consentTypeSchema,
      run: updateConsentType,
    },
    remove: {
      summary: 'Delete an optional consent type and the fans’ answers to it',
      run: deleteConsentType,
    },
  });
};
