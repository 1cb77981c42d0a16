import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET/PATCH /user/me, /user/me/transactions, /user/me/identify (SPEC §7). */
export const userRoutes: FastifyPluginAsyncZod = async (_app) => {};
