import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /challenge, GET/POST /challenge/{id}, GET /challenge/{id}/history (SPEC §7). */
export const challengeRoutes: FastifyPluginAsyncZod = async (_app) => {};
