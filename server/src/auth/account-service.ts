import type { ContactBody, Text } from './auth-schemas.ts';
import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.ts';
import { normalizeEmail, normalizePhone, parsePkce } from './auth-input.ts';
import { authError, type SessionRow } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import { consumeByCode, issueToken } from './one-time-tokens.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.ts';
import { endSessions } from './sessions.ts';

/** The signed-in user's own account (auth-compat §5 /user, /reauthenticate, /logout, identities). */

/** auth-compat §5 Notes: a password change needs a nonce once the session is older than 24 h. */
const REAUTH_AFTER_MS = 24 * 3600 * 1000;

/**
 * PUT /user: user_metadata, a new password (with a nonce on an old session; it ends the other
 * sessions), a new e-mail or phone (confirmed by a code sent to it before it applies).
 */
export async function updateAccount(
  auth: AuthService,
  request: FastifyRequest,
  user: User,
  session: SessionRow,
  body: ContactBody & { password?: Text; nonce?: Text },
  redirectTo: Text,
) {
  const org = request.authOrg;
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
    assertStrongPassword(body.password, auth.config.AUTH_PASSWORD_MIN_LENGTH);
    if (user.encryptedPassword && (await verifyPassword(user.encryptedPassword, body.password))) {
      throw authError(422, 'same_password', 'New password should be different from the old password.');
    }
    if (body.nonce) {
      const recipient = user.email ?? user.phone;
      if (!recipient) throw authError(422, 'reauthentication_not_valid', 'Requested nonce is invalid');
      await consumeByCode(auth, org, recipient, ['reauthentication'], body.nonce).catch(() => {
        throw authError(422, 'reauthentication_not_valid', 'Requested nonce is invalid');
      });
    } else if (now.getTime() - new Date(session.createdAt).getTime() > REAUTH_AFTER_MS) {
      throw authError(400, 'reauthentication_needed', 'Password update requires reauthentication');
    }
    set.encryptedPassword = await hashPassword(body.password);
  }
  if (Object.keys(set).length > 0) await auth.updateUser(user, { ...set, updatedAt: now });
  // A new password ends every other session (auth-compat §5 Notes).
  if (body.password) await endSessions(auth.db, { userId: user.id, exceptSessionId: session.id });
  if (body.email) {
    const email = normalizeEmail(body.email);
    if (email !== user.email) {
      if (await auth.findByEmail(org, email)) {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
      await issueToken(auth, request, user, 'email_change', {
        recipient: email,
        channel: 'email',
        pkce,
        redirectTo,
      });
      await auth.upsertState(user, { newEmail: email, emailChangeSentAt: now });
    }
  }
  if (body.phone) {
    const phone = normalizePhone(body.phone);
    if (phone !== user.phone) {
      if (await auth.findByPhone(org, phone)) {
        throw authError(422, 'phone_exists', 'A user with this phone number has already been registered');
      }
      await issueToken(auth, request, user, 'phone_change', { recipient: phone, channel: 'sms' });
      await auth.upsertState(user, { newPhone: phone, phoneChangeSentAt: now });
    }
  }
  return auth.present(await auth.reload(user));
}

/** GET /reauthenticate: a one-time nonce for a sensitive change, to the user's e-mail or phone. */
export async function sendReauthentication(auth: AuthService, request: FastifyRequest, user: User) {
  if (!user.email && !user.phone) {
    throw authError(
      422,
      'reauthentication_not_valid',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  const channel = user.email ? 'email' : 'sms';
  await issueToken(auth, request, user, 'reauthentication', {
    recipient: (user.email ?? user.phone)!,
    channel,
  });
  await auth.upsertState(user, { reauthenticationSentAt: auth.now() });
  return {};
}

/** POST /logout: this session (local), all of the user's (global) or all but this one (others). */
export async function signOut(
  auth: AuthService,
  user: User,
  session: SessionRow,
  scope: 'global' | 'local' | 'others',
) {
  await endSessions(auth.db, {
    userId: user.id,
    ...(scope === 'local' ? { sessionId: session.id } : {}),
    ...(scope === 'others' ? { exceptSessionId: session.id } : {}),
  });
}

/** DELETE /user/identities/{id}: unlinks one identity; the built-in e-mail/phone ones clear that column. */
export async function unlinkIdentity(auth: AuthService, user: User, identityId: string) {
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
  const stored = await auth.db
    .selectFrom('authIdentities')
    .select('id')
    .where('id', '=', identityId)
    .executeTakeFirst();
  if (target.provider === 'email' && target.identity_id === user.id) {
    await auth.updateUser(user, { email: null, emailConfirmedAt: null, updatedAt: now });
  } else if (target.provider === 'phone' && !stored) {
    await auth.updateUser(user, { phone: null, phoneConfirmedAt: null, updatedAt: now });
  } else {
    await auth.db
      .deleteFrom('authIdentities')
      .where('id', '=', identityId)
      .where('userId', '=', user.id)
      .execute();
  }
  return {};
}
