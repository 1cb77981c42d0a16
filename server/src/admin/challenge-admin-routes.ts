import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Operator endpoints for challenges: pick'em settlement (under /api/admin). */
export const challengeAdminRoutes: FastifyPluginAsyncZod = async (_app) => {};
