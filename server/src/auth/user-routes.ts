import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, authUserSchema, emptySchema } from './auth-schemas.ts';
import { authError } from './auth-http.ts';
import { type AuthService, normalizeEmail, normalizePhone, parsePkce } from './auth-service.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.ts';
import { metadata } from './signup-routes.ts';

const text = z.string().max(1000).nullish();

/** auth-compat §5 Notes: a password change needs a nonce once the session is older than 24 h. */
const REAUTH_AFTER_MS = 24 * 3600 * 1000;

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
    const { db, config } = app.deps;

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
        const org = request.authOrg;
        const body = request.body;
        await auth.http.limit(request, 'email', user.id);
        const now = auth.now();
        const factors = await auth.factors(user);
        if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
          throw authError(
            401,
            'insufficient_aal',
            'AAL2 session is required to update email or password when MFA is enabled.',
          );
        }
        const set: Record<string, unknown> = {};
        if (body.data) {
          const merged: Record<string, unknown> = { ...user.userMetadata };
          for (const [k, v] of Object.entries(body.data)) {
            if (v === null) delete merged[k];
            else merged[k] = v;
          }
          set.userMetadata = JSON.stringify(merged);
        }
        if (body.password) {
          assertStrongPassword(body.password, config.AUTH_PASSWORD_MIN_LENGTH);
          if (user.encryptedPassword && (await verifyPassword(user.encryptedPassword, body.password))) {
            throw authError(422, 'same_password', 'New password should be different from the old password.');
          }
          if (body.nonce) {
            const recipient = user.email ?? user.phone;
            if (!recipient) throw authError(422, 'reauthentication_not_valid', 'Requested nonce is invalid');
            await auth.consumeByCode(org, recipient, ['reauthentication'], body.nonce).catch(() => {
              throw authError(422, 'reauthentication_not_valid', 'Requested nonce is invalid');
            });
          } else if (now.getTime() - new Date(session.createdAt).getTime() > REAUTH_AFTER_MS) {
            throw authError(400, 'reauthentication_needed', 'Password update requires reauthentication');
          }
          set.encryptedPassword = await hashPassword(body.password);
        }
        if (Object.keys(set).length > 0) {
          await db
            .updateTable('users')
            .set({ ...set, updatedAt: now })
            .where('id', '=', user.id)
            .execute();
        }
        if (body.password) {
          // A new password ends every other session (auth-compat §5 Notes).
          await db
            .deleteFrom('sessions')
            .where('userId', '=', user.id)
            .where('id', '!=', session.id)
            .execute();
        }
        if (body.email) {
          const email = normalizeEmail(body.email);
          if (email !== user.email) {
            const taken = await auth.findByEmail(org, email);
            if (taken)
              throw authError(
                422,
                'email_exists',
                'A user with this email address has already been registered',
              );
            const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
            await auth.issueToken(request, user, 'email_change', {
              recipient: email,
              channel: 'email',
              pkce,
              redirectTo: request.query.redirect_to,
            });
            await auth.upsertState(user, { newEmail: email, emailChangeSentAt: now });
          }
        }
        if (body.phone) {
          const phone = normalizePhone(body.phone);
          if (phone !== user.phone) {
            const taken = await auth.findByPhone(org, phone);
            if (taken)
              throw authError(
                422,
                'phone_exists',
                'A user with this phone number has already been registered',
              );
            await auth.issueToken(request, user, 'phone_change', { recipient: phone, channel: 'sms' });
            await auth.upsertState(user, { newPhone: phone, phoneChangeSentAt: now });
          }
        }
        const fresh = await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        return auth.present(fresh);
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
        if (!user.email && !user.phone) {
          throw authError(
            422,
            'reauthentication_not_valid',
            'Reauthentication requires the user to have an email or a phone number',
          );
        }
        const channel = user.email ? 'email' : 'sms';
        await auth.issueToken(request, user, 'reauthentication', {
          recipient: (user.email ?? user.phone)!,
          channel,
        });
        await auth.upsertState(user, { reauthenticationSentAt: auth.now() });
        return {};
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
        if (!['global', 'local', 'others'].includes(scope)) {
          throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
        }
        const { user, session } = await auth.http.authenticate(request);
        let q = db.deleteFrom('sessions').where('userId', '=', user.id);
        if (scope === 'local') q = q.where('id', '=', session.id);
        if (scope === 'others') q = q.where('id', '!=', session.id);
        await q.execute();
        return reply.status(204).send();
      },
    );

    app.get(
      '/user/identities/authorize',
      { schema: { tags: ['auth'], summary: 'Link an OAuth identity (disabled)' } },
      async () => {
        throw authError(404, 'manual_linking_disabled', 'Manual linking is disabled');
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
        const identities = await auth.identities(user);
        const target = identities.find((i) => i.identity_id === identityId);
        if (!target) throw authError(422, 'identity_not_found', "Identity doesn't exist");
        if (identities.length <= 1) {
          throw authError(
            422,
            'single_identity_not_deletable',
            'User must have at least 1 identity after unlinking',
          );
        }
        const now = auth.now();
        if (target.provider === 'email' && target.identity_id === user.id) {
          await db
            .updateTable('users')
            .set({ email: null, emailConfirmedAt: null, updatedAt: now })
            .where('id', '=', user.id)
            .execute();
        } else if (target.provider === 'phone' && !(await isRow(identityId))) {
          await db
            .updateTable('users')
            .set({ phone: null, phoneConfirmedAt: null, updatedAt: now })
            .where('id', '=', user.id)
            .execute();
        } else {
          await db
            .deleteFrom('authIdentities')
            .where('id', '=', identityId)
            .where('userId', '=', user.id)
            .execute();
        }
        return {};
      },
    );

    async function isRow(identityId: string) {
      return Boolean(
        await db.selectFrom('authIdentities').select('id').where('id', '=', identityId).executeTakeFirst(),
      );
    }

    app.post('/sso', { schema: { tags: ['auth'], summary: 'Enterprise SSO (no providers)' } }, async () => {
      throw authError(404, 'sso_provider_not_found', 'No SSO provider assigned for this domain');
    });

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
