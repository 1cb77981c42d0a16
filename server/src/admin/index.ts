import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { challengeAdminRoutes } from './challenge-admin-routes.ts';
import { sweepstakeAdminRoutes } from './sweepstake-admin-routes.ts';

/** Operator API under /api/admin; every route here runs behind requireOperator. */
export const adminModules: FastifyPluginAsyncZod[] = [challengeAdminRoutes, sweepstakeAdminRoutes];
