import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /sweepstake, GET /sweepstake/{id}, POST /sweepstake/{id}/entry (SPEC §7). */
export const sweepstakeRoutes: FastifyPluginAsyncZod = async (_app) => {};
