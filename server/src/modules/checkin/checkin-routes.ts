import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET/POST /checkin (SPEC §7). */
export const checkinRoutes: FastifyPluginAsyncZod = async (_app) => {};
