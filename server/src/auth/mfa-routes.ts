import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, sessionSchema } from './auth-schemas.ts';
import type { AuthService } from './auth-service.ts';
import { challengeFactor, enrolFactor, unenrolFactor, verifyFactor } from './mfa-service.ts';

const text = z.string().max(1000).nullish();
const factorParams = z.object({ factorId: z.string().max(100) });

/** TOTP factors: enrol, challenge, verify (→ aal2), unenrol. */
export function mfaRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/factors',
      {
        schema: {
          tags: ['auth'],
          summary: 'Enrol a TOTP factor (QR code as SVG, secret and otpauth URI)',
          body: z.object({ factor_type: z.string().max(20), friendly_name: text, issuer: text }),
          response: authResponses(
            z.looseObject({
              id: z.string(),
              type: z.literal('totp'),
              friendly_name: z.string(),
              totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
            }),
          ),
        },
      },
      async (request) => {
        const { user, session } = await auth.http.authenticate(request);
        return enrolFactor(auth, request, user, session, request.body);
      },
    );

    app.post(
      '/factors/:factorId/challenge',
      {
        schema: {
          tags: ['auth'],
          summary: 'Start a challenge for a factor (valid 300 s)',
          params: factorParams,
          body: z.object({ channel: text }),
          response: authResponses(
            z.looseObject({ id: z.string(), type: z.string(), expires_at: z.number() }),
          ),
        },
      },
      async (request) => {
        const { user } = await auth.http.authenticate(request);
        await auth.http.limit(request, 'mfa', `challenge:${user.id}`);
        return challengeFactor(auth, request, user, request.params.factorId);
      },
    );

    app.post(
      '/factors/:factorId/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Verify a TOTP code; answers an aal2 session',
          params: factorParams,
          body: z.object({ challenge_id: z.string().max(100), code: z.string().max(20) }),
          response: authResponses(sessionSchema),
        },
      },
      async (request) => {
        const { user, session } = await auth.http.authenticate(request);
        await auth.http.limit(request, 'mfa', `verify:${user.id}`);
        return verifyFactor(auth, request, user, session, request.params.factorId, request.body);
      },
    );

    app.delete(
      '/factors/:factorId',
      {
        schema: {
          tags: ['auth'],
          summary: 'Unenrol a factor',
          params: factorParams,
          response: authResponses(z.looseObject({ id: z.string() })),
        },
      },
      async (request) => {
        const { user, session } = await auth.http.authenticate(request);
        return unenrolFactor(auth, user, session, request.params.factorId);
      },
    );
  };
}
