import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /consent/user, PATCH /consent/user/{id} (SPEC §7). */
export const consentRoutes: FastifyPluginAsyncZod = async (_app) => {};
