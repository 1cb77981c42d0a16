import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Stories and chapter views under /content/stories (SPEC §7). */
export const storyRoutes: FastifyPluginAsyncZod = async (_app) => {};
