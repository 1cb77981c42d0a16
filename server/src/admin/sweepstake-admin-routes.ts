import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Operator endpoints for sweepstakes: the draw (under /api/admin). */
export const sweepstakeAdminRoutes: FastifyPluginAsyncZod = async (_app) => {};
