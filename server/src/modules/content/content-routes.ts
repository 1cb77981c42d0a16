import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Videos, playlists and articles under /content (SPEC §7). */
export const contentRoutes: FastifyPluginAsyncZod = async (_app) => {};
