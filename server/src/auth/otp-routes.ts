import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, emptySchema, metadata, sessionSchema } from './auth-schemas.ts';
import type { AuthService } from './auth-service.ts';
import { followLink, recover, resend, sendOtp, verifyOtp } from './otp-service.ts';

const text = z.string().max(1000).nullish();
const redirectQuery = z.object({ redirect_to: text });

const otpBody = z.object({
  email: text,
  phone: text,
  data: metadata,
  create_user: z.boolean().nullish(),
  channel: text,
  code_challenge: text,
  code_challenge_method: text,
});

const verifyBody = z.object({
  email: text,
  phone: text,
  token: text,
  token_hash: text,
  type: z.string().max(50),
  redirect_to: text,
});

/** The schema of a route that sends a message: it may name where its link leads, and answers {}. */
function sending<Body extends z.ZodType>(summary: string, body: Body) {
  return {
    schema: {
      tags: ['auth'],
      summary,
      body,
      querystring: redirectQuery,
      response: authResponses(emptySchema),
    },
  };
}

/** Passwordless and confirmation flows: /otp, /verify, /resend, /recover (auth-compat §5). */
export function otpRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/otp',
      sending('Send a sign-in link and 6-digit code by e-mail, or a code by SMS', otpBody),
      async (request) => {
        await auth.http.limit(request, 'email', request.body.email ?? request.body.phone);
        return sendOtp(auth, request, request.body, request.query.redirect_to);
      },
    );

    app.post(
      '/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Verify a mailed/SMS code or a token hash and sign in',
          body: verifyBody,
          response: authResponses(sessionSchema),
        },
      },
      async (request) => verifyOtp(auth, request, request.body),
    );

    app.get(
      '/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Follow a mailed link: verify, then redirect with a session or a PKCE code',
          querystring: z.object({ token: z.string().max(200), type: z.string().max(50), redirect_to: text }),
        },
      },
      async (request, reply) => reply.redirect(await followLink(auth, request, request.query), 303),
    );

    app.post(
      '/resend',
      sending(
        'Send a confirmation or change code again',
        z.object({ email: text, phone: text, type: z.string().max(50) }),
      ),
      async (request) => {
        await auth.http.limit(request, 'email', request.body.email ?? request.body.phone);
        return resend(auth, request, request.body, request.query.redirect_to);
      },
    );

    app.post(
      '/recover',
      sending(
        'Send a password-recovery link and code',
        z.object({ email: text, code_challenge: text, code_challenge_method: text }),
      ),
      async (request) => {
        await auth.http.limit(request, 'email', request.body.email);
        return recover(auth, request, request.body, request.query.redirect_to);
      },
    );
  };
}
