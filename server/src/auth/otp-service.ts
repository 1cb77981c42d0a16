import type { ContactBody, Text } from './auth-schemas.ts';
import type { FastifyRequest } from 'fastify';
import type { Organization } from '../db/schema.ts';
import { organizationById } from '../modules/organization/organization-service.ts';
import { normalizeEmail, normalizePhone, parsePkce, VERIFY_KINDS } from './auth-input.ts';
import { authError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import type { OneTimeTokenKind } from './auth-tables.ts';
import { assertMessageChannel } from './disabled-features.ts';
import { applyToken, consumeByCode, consumeByLink, issueToken, verifyFlowState } from './one-time-tokens.ts';

/** Passwordless and confirmation flows behind /otp, /verify, /resend, /recover (auth-compat §5). */

const amrFor = (kind: OneTimeTokenKind, viaLink: boolean) =>
  kind === 'recovery' ? 'recovery' : kind === 'email_change' ? 'email_change' : viaLink ? 'magiclink' : 'otp';

/** POST /otp: a sign-in link and code by e-mail, or a code by SMS; creates the user unless told not to. */
export async function sendOtp(
  auth: AuthService,
  request: FastifyRequest,
  body: ContactBody & { channel?: Text; create_user?: boolean | null | undefined },
  redirectTo: Text,
) {
  const org = request.authOrg;
  assertMessageChannel(body);
  if (!body.email && !body.phone) throw authError(400, 'validation_failed', 'An email or phone is required');
  const email = body.email ? normalizeEmail(body.email) : null;
  const phone = !email ? normalizePhone(body.phone!) : null;
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  let user = email ? await auth.findByEmail(org, email) : await auth.findByPhone(org, phone!);
  if (!user) {
    if (body.create_user === false) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
    if (auth.config.AUTH_DISABLE_SIGNUP)
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
    await issueToken(auth, request, user, kind, { recipient: email, channel: 'email', pkce, redirectTo });
    return {};
  }
  await issueToken(auth, request, user, 'phone_confirmation', { recipient: phone!, channel: 'sms' });
  return { message_id: null };
}

/** POST /verify: a mailed/SMS code, or a token hash, signs in. */
export async function verifyOtp(
  auth: AuthService,
  request: FastifyRequest,
  body: { email?: Text; phone?: Text; token?: Text; token_hash?: Text; type: string },
) {
  const org = request.authOrg;
  const kinds = VERIFY_KINDS[body.type];
  if (!kinds) throw authError(400, 'validation_failed', `Verify requires a verification type`);
  await auth.http.limit(request, 'verify', body.email ?? body.phone);
  let row: Awaited<ReturnType<typeof consumeByCode>>;
  let viaLink = false;
  if (body.token_hash) {
    row = await consumeByLink(auth, org, body.token_hash, kinds);
    viaLink = true;
  } else if (body.token && (body.email || body.phone)) {
    const recipient = body.email ? normalizeEmail(body.email) : normalizePhone(body.phone!);
    row = await consumeByCode(auth, org, recipient, kinds, body.token);
  } else {
    throw authError(
      400,
      'validation_failed',
      'Verify requires a token and an email or phone, or a token_hash',
    );
  }
  const user = await applyToken(auth, org, row);
  return auth.signIn(request, user, amrFor(row.kind, viaLink));
}

/**
 * GET /verify: a mailed link was followed. Answers where to redirect the browser: the token's
 * own redirect target with a session (or a PKCE code) in it, or with the error.
 */
export async function followLink(
  auth: AuthService,
  request: FastifyRequest,
  query: { token: string; type: string; redirect_to?: Text },
): Promise<string> {
  let target = auth.http.redirectTarget(request, query.redirect_to);
  const fail = (code: string, description: string) => {
    const params = new URLSearchParams({
      error: 'access_denied',
      error_code: code,
      error_description: description,
    });
    return `${target}#${params.toString()}`;
  };
  const kinds = VERIFY_KINDS[query.type];
  if (!kinds) return fail('validation_failed', 'Verify requires a verification type');
  await auth.http.limit(request, 'verify');
  let row: Awaited<ReturnType<typeof consumeByLink>>;
  let user: Awaited<ReturnType<typeof applyToken>>;
  try {
    row = await consumeByLink(auth, request.authOrg ?? null, query.token, kinds);
    if (row.redirectTo) target = row.redirectTo;
    const org: Organization | undefined =
      request.authOrg ?? (await organizationById(auth.db, row.organizationId));
    if (!org) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    user = await applyToken(auth, org, row);
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return fail(e.code ?? 'otp_expired', e.message ?? 'Token has expired or is invalid');
  }
  if (row.flowStateId) {
    const authCode = await verifyFlowState(auth, row.flowStateId);
    if (!authCode) return fail('flow_state_not_found', 'invalid flow state, no valid flow state found');
    const url = new URL(target);
    url.searchParams.set('code', authCode);
    return url.toString();
  }
  const session = await auth.signIn(request, user, amrFor(row.kind, true));
  const params = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type: query.type,
  });
  return `${target}#${params.toString()}`;
}

/** POST /resend: a confirmation or change code again. Unknown users get the same `{}`. */
export async function resend(
  auth: AuthService,
  request: FastifyRequest,
  body: { email?: Text; phone?: Text; type: string },
  redirectTo: Text,
) {
  const org = request.authOrg;
  const { type } = body;
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw authError(
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const emailKind = type === 'signup' || type === 'email_change';
  if (emailKind && !body.email) throw authError(400, 'validation_failed', 'An email is required');
  if (!emailKind && !body.phone) throw authError(400, 'validation_failed', 'A phone is required');
  const email = emailKind ? normalizeEmail(body.email!) : null;
  const phone = emailKind ? null : normalizePhone(body.phone!);
  // Unknown users get the same `{}`: the endpoint must not reveal who has an account.
  if (type === 'signup') {
    const user = await auth.findByEmail(org, email!);
    if (user && !user.emailConfirmedAt) {
      await issueToken(auth, request, user, 'confirmation', {
        recipient: email!,
        channel: 'email',
        redirectTo,
      });
    }
  } else if (type === 'sms') {
    const user = await auth.findByPhone(org, phone!);
    if (user && !user.phoneConfirmedAt) {
      await issueToken(auth, request, user, 'phone_confirmation', { recipient: phone!, channel: 'sms' });
    }
  } else {
    const user = await auth.findByPendingChange(
      org,
      type === 'email_change' ? 'newEmail' : 'newPhone',
      (email ?? phone)!,
    );
    if (user) {
      await issueToken(auth, request, user, type === 'email_change' ? 'email_change' : 'phone_change', {
        recipient: (email ?? phone)!,
        channel: email ? 'email' : 'sms',
        redirectTo,
      });
    }
  }
  return {};
}

/** POST /recover: a password-recovery link and code; unknown or banned users get the same `{}`. */
export async function recover(
  auth: AuthService,
  request: FastifyRequest,
  body: { email?: Text; code_challenge?: Text; code_challenge_method?: Text },
  redirectTo: Text,
) {
  if (!body.email) throw authError(400, 'validation_failed', 'Password recovery requires an email');
  const email = normalizeEmail(body.email);
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const user = await auth.findByEmail(request.authOrg, email);
  if (user && !(user.bannedUntil && new Date(user.bannedUntil) > auth.now())) {
    await issueToken(auth, request, user, 'recovery', {
      recipient: email,
      channel: 'email',
      pkce,
      redirectTo,
    });
    await auth.upsertState(user, { recoverySentAt: auth.now() });
  }
  return {};
}
