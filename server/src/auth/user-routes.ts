import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendReauthentication, signOut, unlinkIdentity, updateAccount } from './account-service.ts';
import { authResponses, authUserSchema, emptySchema, metadata } from './auth-schemas.ts';
import { authError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';

const text = z.string().max(1000).nullish();
const SCOPES = ['global', 'local', 'others'] as const;

const updateBody = z.object({
  email: text,
  phone: text,
  password: text,
  nonce: text,
  data: metadata,
  code_challenge: text,
  code_challenge_method: text,
});

/** The signed-in user's own endpoints: /user, /reauthenticate, /logout, identities. */
export function userRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    const { config } = app.deps;

    app.get(
      '/user',
      { schema: { tags: ['auth'], summary: 'The signed-in user', response: authResponses(authUserSchema) } },
      async (request) => {
        const { user } = await auth.http.authenticate(request);
        return auth.present(user);
      },
    );

    app.put(
      '/user',
      {
        schema: {
          tags: ['auth'],
          summary: 'Update e-mail (confirmed by mail), phone, password (nonce) or user_metadata',
          body: updateBody,
          querystring: z.object({ redirect_to: text }),
          response: authResponses(authUserSchema),
        },
      },
      async (request) => {
        const { user, session } = await auth.http.authenticate(request);
        await auth.http.limit(request, 'email', user.id);
        return updateAccount(auth, request, user, session, request.body, request.query.redirect_to);
      },
    );

    app.get(
      '/reauthenticate',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a one-time nonce for a sensitive change',
          response: authResponses(emptySchema),
        },
      },
      async (request) => {
        const { user } = await auth.http.authenticate(request);
        await auth.http.limit(request, 'email', user.id);
        return sendReauthentication(auth, request, user);
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: this session (local), all (global) or all others (others)',
          querystring: z.object({ scope: z.string().max(20).nullish() }),
        },
      },
      async (request, reply) => {
        const scope = request.query.scope ?? 'global';
        if (!(SCOPES as readonly string[]).includes(scope)) {
          throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
        }
        const { user, session } = await auth.http.authenticate(request);
        await signOut(auth, user, session, scope as (typeof SCOPES)[number]);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/user/identities/:identityId',
      {
        schema: {
          tags: ['auth'],
          summary: 'Unlink one of the user’s identities',
          params: z.object({ identityId: z.string().max(100) }),
          response: authResponses(emptySchema),
        },
      },
      async (request) => {
        const { identityId } = request.params;
        auth.assertUuid(identityId, 'identity_id');
        const { user } = await auth.http.authenticate(request);
        return unlinkIdentity(auth, user, identityId);
      },
    );

    app.get(
      '/settings',
      { schema: { tags: ['auth'], summary: 'Public auth settings', response: authResponses(emptySchema) } },
      async () => ({
        external: {
          email: true,
          phone: true,
          anonymous_users: config.AUTH_ANONYMOUS_USERS,
          google: false,
          apple: false,
          github: false,
        },
        disable_signup: config.AUTH_DISABLE_SIGNUP,
        mailer_autoconfirm: config.AUTH_AUTOCONFIRM,
        phone_autoconfirm: config.AUTH_AUTOCONFIRM,
        sms_provider: '',
        saml_enabled: false,
      }),
    );
  };
}
