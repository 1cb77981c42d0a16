import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /files/{mediaId}: stored files (DESIGN "Media"). */
export const fileRoutes: FastifyPluginAsyncZod = async (_app) => {};
