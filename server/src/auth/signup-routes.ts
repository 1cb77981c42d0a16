import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, authUserSchema, sessionSchema } from './auth-schemas.ts';
import { authError } from './auth-http.ts';
import { type AuthService, normalizeEmail, normalizePhone, parsePkce } from './auth-service.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';

const text = z.string().max(1000).nullish();
export const metadata = z.record(z.string(), z.unknown()).nullish();

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
        const { config } = app.deps;
        const org = request.authOrg;
        const body = request.body;
        await auth.http.limit(request, 'email', body.email ?? body.phone);
        if (config.AUTH_DISABLE_SIGNUP) {
          throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
        }
        if (!body.email && !body.phone) {
          if (!config.AUTH_ANONYMOUS_USERS) {
            throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
          }
          const user = await auth.createUser(org, {
            confirmed: false,
            isAnonymous: true,
            userMetadata: body.data ?? {},
            provider: 'anonymous',
          });
          return auth.signIn(request, user, 'anonymous');
        }
        const email = body.email ? normalizeEmail(body.email) : null;
        const phone = !email && body.phone ? normalizePhone(body.phone) : null;
        if (!body.password) throw authError(400, 'validation_failed', 'Signup requires a valid password');
        assertStrongPassword(body.password, config.AUTH_PASSWORD_MIN_LENGTH);
        const pkce = parsePkce(body.code_challenge, body.code_challenge_method);

        const existing = email ? await auth.findByEmail(org, email) : await auth.findByPhone(org, phone!);
        if (existing) {
          if (config.AUTH_AUTOCONFIRM) {
            throw authError(422, phone ? 'phone_exists' : 'user_already_exists', 'User already registered');
          }
          // With confirmation on, answer like a fresh sign-up so addresses cannot be probed.
          const confirmed = email ? existing.emailConfirmedAt : existing.phoneConfirmedAt;
          if (!confirmed) {
            await auth
              .issueToken(request, existing, email ? 'confirmation' : 'phone_confirmation', {
                recipient: (email ?? phone)!,
                channel: email ? 'email' : 'sms',
                pkce,
                redirectTo: request.query.redirect_to,
              })
              .catch(() => undefined);
          }
          const fake = { ...existing, id: crypto.randomUUID(), userMetadata: {}, appMetadata: {} };
          return {
            ...(await auth.present(fake)),
            identities: [],
            confirmation_sent_at: auth.now().toISOString(),
          };
        }

        const { ref, ...userMetadata } = body.data ?? {};
        const referrer = await auth.findByReferralCode(org, (request.query.ref ?? ref) as string | undefined);
        const user = await auth.createUser(org, {
          email,
          phone,
          encryptedPassword: await hashPassword(body.password),
          confirmed: config.AUTH_AUTOCONFIRM,
          userMetadata,
          referredBy: referrer?.id ?? null,
          provider: email ? 'email' : 'phone',
        });
        if (config.AUTH_AUTOCONFIRM) return auth.signIn(request, user, 'password');

        await auth.issueToken(request, user, email ? 'confirmation' : 'phone_confirmation', {
          recipient: (email ?? phone)!,
          channel: email ? 'email' : 'sms',
          pkce,
          redirectTo: request.query.redirect_to,
        });
        const sent = await app.deps.db
          .updateTable('users')
          .set({ confirmationSentAt: auth.now() })
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return auth.present(sent);
      },
    );
  };
}
