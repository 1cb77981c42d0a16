import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /referral. */
export const referralRoutes: FastifyPluginAsyncZod = async (_app) => {};
