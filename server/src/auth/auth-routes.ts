import type { FastifyPluginAsync } from 'fastify';
import { createAuthHttp, installAuthPlumbing } from './auth-http.ts';
import { AuthService } from './auth-service.ts';
import { disabledFeatureRoutes } from './disabled-features.ts';
import { mfaRoutes } from './mfa-routes.ts';
import { otpRoutes } from './otp-routes.ts';
import { signupRoutes } from './signup-routes.ts';
import { tokenRoutes } from './token-routes.ts';
import { userRoutes } from './user-routes.ts';

/**
 * /auth/v1: the GoTrue-compatible subset supabase-js speaks (docs/auth-compat.md), tenant-aware
 * through the `apikey` header. Errors use GoTrue's shape via this plugin's own handler.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  installAuthPlumbing(app);
  const auth = new AuthService(app, createAuthHttp(app));

  app.get('/health', { schema: { hide: true } }, async () => ({
    version: '1.0.0',
    name: 'paddock-auth',
    description: 'Paddock auth: a GoTrue-compatible API',
  }));

  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: app.deps.tokens.publicJwks };
  });

  await app.register(signupRoutes(auth));
  await app.register(tokenRoutes(auth));
  await app.register(otpRoutes(auth));
  await app.register(userRoutes(auth));
  await app.register(mfaRoutes(auth));
  await app.register(disabledFeatureRoutes(auth));
};
