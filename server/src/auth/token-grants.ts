import type { FastifyRequest } from 'fastify';
import { normalizeEmail, normalizePhone } from './auth-input.ts';
import { authError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import { redeemFlowState } from './one-time-tokens.ts';
import { verifyPassword } from './passwords.ts';
import { rotateRefreshToken, sessionForResponse } from './refresh-tokens.ts';
import type { AmrEntry } from './session-tokens.ts';

/** The password, refresh_token and pkce grants of POST /token (auth-compat §5, §6, §7). */

type Text = string | null | undefined;

export async function passwordGrant(
  auth: AuthService,
  request: FastifyRequest,
  body: { email?: Text; phone?: Text; password?: Text },
) {
  const org = request.authOrg;
  if (!body.password || (!body.email && !body.phone)) {
    throw authError(400, 'validation_failed', 'A password and an email or phone are required');
  }
  const user = body.email
    ? await auth.findByEmail(org, normalizeEmail(body.email))
    : await auth.findByPhone(org, normalizePhone(body.phone!));
  const ok = await verifyPassword(user?.encryptedPassword ?? null, body.password);
  if (!user || !ok) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
  auth.assertNotBanned(user);
  if (body.email && !user.emailConfirmedAt)
    throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  if (!body.email && !user.phoneConfirmedAt)
    throw authError(400, 'phone_not_confirmed', 'Phone not confirmed');
  return auth.signIn(request, user, 'password');
}

export async function refreshGrant(auth: AuthService, request: FastifyRequest, token: Text) {
  if (!token) throw authError(400, 'validation_failed', 'refresh_token required');
  const result = await rotateRefreshToken(auth.db, request.authOrg.id, token, auth.now());
  if ('error' in result) {
    if (result.error === 'reused') {
      throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    if (result.error === 'expired')
      throw authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  const user = await auth.reload({ id: result.userId });
  auth.assertNotBanned(user);
  const session = await sessionForResponse(auth.db, result.sessionId);
  if (!session) throw authError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found');
  const presented = await auth.present(user);
  const response = await auth.app.deps.tokens.respond(
    auth.db,
    user,
    session as { id: string; aal: string; amr: AmrEntry[] },
    result.token,
  );
  return { ...response, user: presented };
}

export async function pkceGrant(auth: AuthService, request: FastifyRequest, authCode: Text, verifier: Text) {
  if (!authCode || !verifier) {
    throw authError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const flow = await redeemFlowState(auth, request.authOrg, authCode, verifier);
  const user = await auth.reload({ id: flow.userId });
  auth.assertNotBanned(user);
  return auth.signIn(request, user, flow.method === 'recovery' ? 'recovery' : 'otp');
}
