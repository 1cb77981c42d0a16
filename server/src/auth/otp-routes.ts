import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, emptySchema, sessionSchema } from './auth-schemas.ts';
import type { Database } from '../db/engine.ts';
import type { Organization, User } from '../db/schema.ts';
import { organizationById } from '../modules/organization/organization-service.ts';
import { authError } from './auth-http.ts';
import { type AuthService, normalizeEmail, normalizePhone, parsePkce, VERIFY_KINDS } from './auth-service.ts';
import type { OneTimeTokenKind } from './auth-tables.ts';
import { metadata } from './signup-routes.ts';

const text = z.string().max(1000).nullish();

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

async function organizationOf(db: Database, id: string): Promise<Organization> {
  const org = await organizationById(db, id);
  if (!org) throw new Error(`Organization ${id} not found`);
  return org;
}

/** Passwordless and confirmation flows: /otp, /verify, /resend, /recover (auth-compat §5). */
export function otpRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, config } = app.deps;

    app.post(
      '/otp',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a sign-in link and 6-digit code by e-mail, or a code by SMS',
          body: otpBody,
          querystring: z.object({ redirect_to: text }),
          response: authResponses(emptySchema),
        },
      },
      async (request) => {
        const org = request.authOrg;
        const body = request.body;
        await auth.http.limit(request, 'email', body.email ?? body.phone);
        if (!body.email && !body.phone)
          throw authError(400, 'validation_failed', 'An email or phone is required');
        const email = body.email ? normalizeEmail(body.email) : null;
        const phone = !email ? normalizePhone(body.phone!) : null;
        const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
        let user = email ? await auth.findByEmail(org, email) : await auth.findByPhone(org, phone!);
        if (!user) {
          if (body.create_user === false) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
          if (config.AUTH_DISABLE_SIGNUP)
            throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
          const { ref, ...userMetadata } = body.data ?? {};
          const referrer = await auth.findByReferralCode(org, ref as string | undefined);
          user = await auth.createUser(org, {
            email,
            phone,
            confirmed: false,
            userMetadata,
            referredBy: referrer?.id ?? null,
            provider: email ? 'email' : 'phone',
          });
        }
        auth.assertNotBanned(user, 403);
        if (email) {
          // An unconfirmed address gets a confirmation (GoTrue does the same); either logs in.
          const kind: OneTimeTokenKind = user.emailConfirmedAt ? 'magiclink' : 'confirmation';
          await auth.issueToken(request, user, kind, {
            recipient: email,
            channel: 'email',
            pkce,
            redirectTo: request.query.redirect_to,
          });
          return {};
        }
        await auth.issueToken(request, user, 'phone_confirmation', { recipient: phone!, channel: 'sms' });
        return { message_id: null };
      },
    );

    /** Applies what a consumed token proves and returns the user it signs in. */
    async function applyToken(
      org: Organization,
      row: { userId: string; kind: OneTimeTokenKind; recipient: string },
    ): Promise<User> {
      const now = auth.now();
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', row.userId)
        .where('organizationId', '=', org.id)
        .executeTakeFirst();
      if (!user) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
      auth.assertNotBanned(user, 403);
      let set: Partial<Record<string, unknown>> = {};
      switch (row.kind) {
        case 'confirmation':
        case 'magiclink':
        case 'recovery':
          if (!user.emailConfirmedAt) set = { emailConfirmedAt: now };
          break;
        case 'phone_confirmation':
          if (!user.phoneConfirmedAt) set = { phoneConfirmedAt: now };
          break;
        case 'email_change': {
          const taken = await auth.findByEmail(org, row.recipient);
          if (taken && taken.id !== user.id) {
            throw authError(
              422,
              'email_exists',
              'A user with this email address has already been registered',
            );
          }
          set = { email: row.recipient, emailConfirmedAt: now };
          await auth.upsertState(user, { newEmail: null, emailChangeSentAt: null });
          break;
        }
        case 'phone_change':
          set = { phone: row.recipient, phoneConfirmedAt: now };
          await auth.upsertState(user, { newPhone: null, phoneChangeSentAt: null });
          break;
        default:
          throw authError(403, 'otp_expired', 'Token has expired or is invalid');
      }
      if (Object.keys(set).length === 0) return user;
      return db
        .updateTable('users')
        .set({ ...set, updatedAt: now })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }

    const amrFor = (kind: OneTimeTokenKind, viaLink: boolean) =>
      kind === 'recovery'
        ? 'recovery'
        : kind === 'email_change'
          ? 'email_change'
          : viaLink
            ? 'magiclink'
            : 'otp';

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
      async (request) => {
        const org = request.authOrg;
        const body = request.body;
        const kinds = VERIFY_KINDS[body.type];
        if (!kinds) throw authError(400, 'validation_failed', `Verify requires a verification type`);
        await auth.http.limit(request, 'verify', body.email ?? body.phone);
        let row: Awaited<ReturnType<AuthService['consumeByCode']>>;
        let viaLink = false;
        if (body.token_hash) {
          row = await auth.consumeByLink(org, body.token_hash, kinds);
          viaLink = true;
        } else if (body.token && (body.email || body.phone)) {
          const recipient = body.email ? normalizeEmail(body.email) : normalizePhone(body.phone!);
          row = await auth.consumeByCode(org, recipient, kinds, body.token);
        } else {
          throw authError(
            400,
            'validation_failed',
            'Verify requires a token and an email or phone, or a token_hash',
          );
        }
        const user = await applyToken(org, row);
        return auth.signIn(request, user, amrFor(row.kind, viaLink));
      },
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
      async (request, reply) => {
        const { token, type } = request.query;
        let target = auth.http.redirectTarget(request, request.query.redirect_to);
        const fail = (code: string, description: string) => {
          const params = new URLSearchParams({
            error: 'access_denied',
            error_code: code,
            error_description: description,
          });
          return reply.redirect(`${target}#${params.toString()}`, 303);
        };
        const kinds = VERIFY_KINDS[type];
        if (!kinds) return fail('validation_failed', 'Verify requires a verification type');
        await auth.http.limit(request, 'verify');
        let row: Awaited<ReturnType<AuthService['consumeByLink']>>;
        let user: User;
        let org: Organization;
        try {
          row = await auth.consumeByLink(request.authOrg ?? null, token, kinds);
          if (row.redirectTo) target = row.redirectTo;
          org = request.authOrg ?? (await organizationOf(db, row.organizationId));
          user = await applyToken(org, row);
        } catch (error) {
          const e = error as { code?: string; message?: string };
          return fail(e.code ?? 'otp_expired', e.message ?? 'Token has expired or is invalid');
        }
        if (row.flowStateId) {
          const flow = await db
            .updateTable('authFlowStates')
            .set({ verifiedAt: auth.now() })
            .where('id', '=', row.flowStateId)
            .returning('authCode')
            .executeTakeFirst();
          if (!flow) return fail('flow_state_not_found', 'invalid flow state, no valid flow state found');
          const url = new URL(target);
          url.searchParams.set('code', flow.authCode);
          return reply.redirect(url.toString(), 303);
        }
        const session = await auth.signIn(request, user, amrFor(row.kind, true));
        const params = new URLSearchParams({
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type,
        });
        return reply.redirect(`${target}#${params.toString()}`, 303);
      },
    );

    app.post(
      '/resend',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a confirmation or change code again',
          body: z.object({ email: text, phone: text, type: z.string().max(50) }),
          querystring: z.object({ redirect_to: text }),
          response: authResponses(emptySchema),
        },
      },
      async (request) => {
        const org = request.authOrg;
        const { type } = request.body;
        await auth.http.limit(request, 'email', request.body.email ?? request.body.phone);
        if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
          throw authError(
            400,
            'validation_failed',
            'Missing one of these types: signup, email_change, sms, phone_change',
          );
        }
        const emailKind = type === 'signup' || type === 'email_change';
        if (emailKind && !request.body.email)
          throw authError(400, 'validation_failed', 'An email is required');
        if (!emailKind && !request.body.phone)
          throw authError(400, 'validation_failed', 'A phone is required');
        const email = emailKind ? normalizeEmail(request.body.email!) : null;
        const phone = emailKind ? null : normalizePhone(request.body.phone!);
        const redirectTo = request.query.redirect_to;
        // Unknown users get the same `{}`: the endpoint must not reveal who has an account.
        if (type === 'signup') {
          const user = await auth.findByEmail(org, email!);
          if (user && !user.emailConfirmedAt) {
            await auth.issueToken(request, user, 'confirmation', {
              recipient: email!,
              channel: 'email',
              redirectTo,
            });
          }
        } else if (type === 'sms') {
          const user = await auth.findByPhone(org, phone!);
          if (user && !user.phoneConfirmedAt) {
            await auth.issueToken(request, user, 'phone_confirmation', { recipient: phone!, channel: 'sms' });
          }
        } else {
          const column = type === 'email_change' ? 'newEmail' : 'newPhone';
          const state = await db
            .selectFrom('authUserStates')
            .select('userId')
            .where('organizationId', '=', org.id)
            .where(column, '=', (email ?? phone)!)
            .executeTakeFirst();
          const user = state
            ? await db.selectFrom('users').selectAll().where('id', '=', state.userId).executeTakeFirst()
            : undefined;
          if (user) {
            await auth.issueToken(request, user, type === 'email_change' ? 'email_change' : 'phone_change', {
              recipient: (email ?? phone)!,
              channel: email ? 'email' : 'sms',
              redirectTo,
            });
          }
        }
        return {};
      },
    );

    app.post(
      '/recover',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a password-recovery link and code',
          body: z.object({ email: text, code_challenge: text, code_challenge_method: text }),
          querystring: z.object({ redirect_to: text }),
          response: authResponses(emptySchema),
        },
      },
      async (request) => {
        const org = request.authOrg;
        await auth.http.limit(request, 'email', request.body.email);
        if (!request.body.email)
          throw authError(400, 'validation_failed', 'Password recovery requires an email');
        const email = normalizeEmail(request.body.email);
        const pkce = parsePkce(request.body.code_challenge, request.body.code_challenge_method);
        const user = await auth.findByEmail(org, email);
        if (user && !(user.bannedUntil && new Date(user.bannedUntil) > auth.now())) {
          await auth.issueToken(request, user, 'recovery', {
            recipient: email,
            channel: 'email',
            pkce,
            redirectTo: request.query.redirect_to,
          });
          await auth.upsertState(user, { recoverySentAt: auth.now() });
        }
        return {};
      },
    );
  };
}
