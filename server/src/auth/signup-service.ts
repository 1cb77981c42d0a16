import type { ContactBody, Text } from './auth-schemas.ts';
import type { FastifyRequest } from 'fastify';
import { sendMessage } from '../platform/outbox.ts';
import { normalizeEmail, normalizePhone, parsePkce } from './auth-input.ts';
import { authError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import { assertMessageChannel, assertNoPhonePkce } from './disabled-features.ts';
import { issueToken } from './one-time-tokens.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';

/**
 * POST /signup (auth-compat §5): e-mail or phone + password, or an anonymous user when neither
 * is given. With confirmation on, the answer is the unconfirmed user (and the code is sent);
 * with autoconfirm, a session.
 */
export async function signUp(
  auth: AuthService,
  request: FastifyRequest,
  body: ContactBody & { channel?: Text; password?: Text },
  query: { redirect_to?: Text; ref?: Text },
) {
  const { config } = auth;
  const org = request.authOrg;
  // GoTrue asks "anonymous sign-ins on?" before "sign-ups on?" for a body with no e-mail or phone.
  if (!body.email && !body.phone && !config.AUTH_ANONYMOUS_USERS) {
    throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (config.AUTH_DISABLE_SIGNUP) {
    throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
  }
  if (!body.email && !body.phone) {
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
  if (phone) assertMessageChannel({ channel: body.channel });
  assertNoPhonePkce({ phone, code_challenge: body.code_challenge });
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const confirmation = {
    recipient: (email ?? phone)!,
    channel: email ? ('email' as const) : ('sms' as const),
    pkce,
    redirectTo: query.redirect_to,
  };
  const kind = email ? ('confirmation' as const) : ('phone_confirmation' as const);

  const existing = email ? await auth.findByEmail(org, email) : await auth.findByPhone(org, phone!);
  if (existing) {
    if (config.AUTH_AUTOCONFIRM) {
      throw authError(422, phone ? 'phone_exists' : 'user_already_exists', 'User already registered');
    }
    // With confirmation on, answer like a fresh sign-up so addresses cannot be probed.
    const confirmed = email ? existing.emailConfirmedAt : existing.phoneConfirmedAt;
    if (!confirmed) await issueToken(auth, request, existing, kind, confirmation).catch(() => undefined);
    // The owner of a confirmed account hears that someone tried (decision 028), a stranger
    // learns nothing; the notice carries no code or link.
    else
      await sendMessage(auth.app.deps, auth.app.log, {
        organizationId: org.id,
        channel: confirmation.channel,
        recipient: confirmation.recipient,
        subject: confirmation.channel === 'email' ? 'Someone tried to sign up with your address' : null,
        body: 'Someone tried to create an account with this address, which already has one. If it was you, sign in or reset your password; otherwise ignore this message.',
        payload: { kind: 'existing_account_notice', code: null, link: null },
      }).catch(() => undefined);
    // Shaped like a brand-new, unconfirmed user: no confirmation or sign-in dates of the real one.
    const now = auth.now();
    const fake = {
      ...existing,
      id: crypto.randomUUID(),
      userMetadata: {},
      appMetadata: {},
      emailConfirmedAt: null,
      phoneConfirmedAt: null,
      lastSignInAt: null,
      createdAt: now,
      updatedAt: now,
    };
    return { ...(await auth.present(fake)), identities: [], confirmation_sent_at: auth.now().toISOString() };
  }

  const { ref, ...userMetadata } = body.data ?? {};
  const referrer = await auth.findByReferralCode(org, (query.ref ?? ref) as string | undefined);
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
  await issueToken(auth, request, user, kind, confirmation);
  return auth.present(await auth.updateUser(user, { confirmationSentAt: auth.now() }));
}
