import type { FastifyPluginAsync } from 'fastify';

/**
 * /auth/v1: the GoTrue-compatible subset supabase-js speaks (auth-compat.md).
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { hide: true } }, async () => ({
    version: '1.0.0',
    name: 'paddock-auth',
    description: 'Paddock auth: a GoTrue-compatible API',
  }));

  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: [app.deps.keys.publicJwk] };
  });
};
