import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationRoutes } from './organization/organization-routes.ts';

/**
 * Every product domain mounted under /api, one plugin per folder in modules/. Each runs
 * behind the request context (organization + caller).
 */
export const productModules: FastifyPluginAsyncZod[] = [organizationRoutes];
