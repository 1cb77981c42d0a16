import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /media (avatar upload), POST /media/set-avatar (SPEC §7). */
export const mediaRoutes: FastifyPluginAsyncZod = async (_app) => {};
