import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /activations/list, GET /activations/{id}, POST /activations/activate-user (SPEC §7). */
export const activationRoutes: FastifyPluginAsyncZod = async (_app) => {};
