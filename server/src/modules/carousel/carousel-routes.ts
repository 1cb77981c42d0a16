import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /carousel, DELETE /carousel/{id} (SPEC §3, §7). */
export const carouselRoutes: FastifyPluginAsyncZod = async (_app) => {};
