import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, authUserSchema, metadata, sessionSchema } from './auth-schemas.ts';
import type { AuthService } from './auth-service.ts';
import { signUp } from './signup-service.ts';

const text = z.string().max(1000).nullish();

const signupBody = z.object({
  email: text,
  phone: text,
  password: z.string().max(1000).nullish(),
  data: metadata,
  channel: text,
  code_challenge: text,
  code_challenge_method: text,
});

/** POST /signup (auth-compat §5): e-mail or phone + password; no identifier = anonymous. */
export function signupRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign up with e-mail or phone and a password (anonymous when neither is given)',
          body: signupBody,
          querystring: z.object({ redirect_to: text, ref: text }),
          response: authResponses(z.union([sessionSchema, authUserSchema])),
        },
      },
      async (request) => {
        await auth.http.limit(request, 'email', request.body.email ?? request.body.phone);
        return signUp(auth, request, request.body, request.query);
      },
    );
  };
}
