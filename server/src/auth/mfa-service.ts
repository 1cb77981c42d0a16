import type { FastifyRequest } from 'fastify';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { User } from '../db/schema.ts';
import { authError, type SessionRow } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import type { MfaFactor } from './auth-tables.ts';
import { assertFactorTypeEnabled } from './disabled-features.ts';
import { addRefreshToken, revokeRefreshTokens } from './refresh-tokens.ts';
import type { AmrEntry } from './session-tokens.ts';
import { endSessions } from './sessions.ts';

/** TOTP factors (auth-compat §5 MFA): enrol, challenge, verify (→ aal2), unenrol. */

/** auth-compat §5 Notes: unverified factors and challenges live 300 s; at most 10 factors. */
const FACTOR_TTL_MS = 300_000;
const CHALLENGE_TTL_MS = 300_000;
const MAX_FACTORS = 10;

type Text = string | null | undefined;

const totpFor = (factor: MfaFactor, label: string, issuer: string) =>
  new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(factor.secret),
  });

const factorNotFound = () => authError(404, 'mfa_factor_not_found', 'Factor not found');

async function ownFactor(auth: AuthService, userId: string, factorId: string) {
  auth.assertUuid(factorId, 'factor_id');
  const factor = await auth.db
    .selectFrom('authMfaFactors')
    .selectAll()
    .where('id', '=', factorId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!factor) throw factorNotFound();
  return factor;
}

/** POST /factors: a new unverified TOTP factor, with its QR code (SVG), secret and otpauth URI. */
export async function enrolFactor(
  auth: AuthService,
  request: FastifyRequest,
  user: User,
  session: SessionRow,
  body: { factor_type: string; friendly_name?: Text; issuer?: Text },
) {
  assertFactorTypeEnabled(body.factor_type);
  const now = auth.now();
  await auth.db
    .deleteFrom('authMfaFactors')
    .where('userId', '=', user.id)
    .where('status', '=', 'unverified')
    .where('createdAt', '<', new Date(now.getTime() - FACTOR_TTL_MS))
    .execute();
  const factors = await auth.factors(user);
  if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
    throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  if (factors.length >= MAX_FACTORS) {
    throw authError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  const friendlyName = body.friendly_name ?? null;
  if (friendlyName && factors.some((f) => f.friendlyName === friendlyName)) {
    throw authError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const factor = await auth.db
    .insertInto('authMfaFactors')
    .values({
      organizationId: user.organizationId,
      userId: user.id,
      friendlyName,
      factorType: 'totp',
      status: 'unverified',
      secret,
      lastChallengedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const issuer = body.issuer ?? request.authOrg.name;
  const uri = totpFor(factor, user.email ?? user.phone ?? user.id, issuer).toString();
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return {
    id: factor.id,
    type: 'totp' as const,
    friendly_name: friendlyName ?? '',
    totp: { qr_code: qr, secret, uri },
  };
}

/** POST /factors/{id}/challenge: a challenge valid 300 s, from the caller's IP. */
export async function challengeFactor(
  auth: AuthService,
  request: FastifyRequest,
  user: User,
  factorId: string,
) {
  const factor = await ownFactor(auth, user.id, factorId);
  const now = auth.now();
  if (
    factor.status === 'unverified' &&
    now.getTime() - new Date(factor.createdAt).getTime() > FACTOR_TTL_MS
  ) {
    throw factorNotFound();
  }
  const challenge = await auth.db
    .insertInto('authMfaChallenges')
    .values({
      organizationId: user.organizationId,
      factorId: factor.id,
      ip: request.ip,
      createdAt: now,
      verifiedAt: null,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  await auth.db
    .updateTable('authMfaFactors')
    .set({ lastChallengedAt: now })
    .where('id', '=', factor.id)
    .execute();
  return {
    id: challenge.id,
    type: 'totp',
    expires_at: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000),
  };
}

/**
 * POST /factors/{id}/verify: a right TOTP code for an open challenge raises this session to
 * aal2 with a fresh refresh token; the other aal1 sessions predate the second factor and end.
 */
export async function verifyFactor(
  auth: AuthService,
  request: FastifyRequest,
  user: User,
  session: SessionRow,
  factorId: string,
  body: { challenge_id: string; code: string },
) {
  const { db } = auth;
  const factor = await ownFactor(auth, user.id, factorId);
  auth.assertUuid(body.challenge_id, 'challenge_id');
  const now = auth.now();
  const challenge = await db
    .selectFrom('authMfaChallenges')
    .selectAll()
    .where('id', '=', body.challenge_id)
    .where('factorId', '=', factor.id)
    .executeTakeFirst();
  if (!challenge) throw authError(404, 'mfa_challenge_not_found', 'Challenge not found');
  if (challenge.verifiedAt || now.getTime() - new Date(challenge.createdAt).getTime() > CHALLENGE_TTL_MS) {
    throw authError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (challenge.ip && challenge.ip !== request.ip) {
    throw authError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  const delta = totpFor(factor, '', '').validate({
    token: body.code.trim(),
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  // A challenge verifies once: the first request to mark it wins.
  const marked = await db
    .updateTable('authMfaChallenges')
    .set({ verifiedAt: now })
    .where('id', '=', challenge.id)
    .where('verifiedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!marked) throw authError(422, 'mfa_challenge_expired', 'MFA challenge has already been used');
  if (factor.status !== 'verified') {
    await db
      .updateTable('authMfaFactors')
      .set({ status: 'verified', updatedAt: now })
      .where('id', '=', factor.id)
      .execute();
  }
  const amr: AmrEntry[] = [
    { method: 'totp', timestamp: Math.floor(now.getTime() / 1000) },
    ...session.amr.filter((a) => a.method !== 'totp'),
  ];
  await db
    .updateTable('sessions')
    .set({ aal: 'aal2', amr: JSON.stringify(amr), factorId: factor.id, updatedAt: now })
    .where('id', '=', session.id)
    .execute();
  // The other aal1 sessions predate the second factor: they end (auth-compat §5 Notes).
  await endSessions(db, { userId: user.id, exceptSessionId: session.id, aal: 'aal1' });
  await revokeRefreshTokens(db, session.id, now);
  const refreshToken = await addRefreshToken(
    db,
    { sessionId: session.id, userId: user.id, parent: null },
    now,
  );
  const fresh = await auth.reload(user);
  const response = await auth.app.deps.tokens.respond(
    db,
    fresh,
    { id: session.id, aal: 'aal2', amr },
    refreshToken,
  );
  return { ...response, user: await auth.present(fresh) };
}

/** DELETE /factors/{id}: sessions raised by it fall back to aal1 (all of them when none is left). */
export async function unenrolFactor(auth: AuthService, user: User, session: SessionRow, factorId: string) {
  const { db } = auth;
  const factor = await ownFactor(auth, user.id, factorId);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await db.deleteFrom('authMfaFactors').where('id', '=', factor.id).execute();
  const remaining = await db
    .selectFrom('authMfaFactors')
    .select('id')
    .where('userId', '=', user.id)
    .where('status', '=', 'verified')
    .executeTakeFirst();
  // Sessions raised by this factor fall back to aal1 (auth-compat §5 Notes).
  let q = db
    .updateTable('sessions')
    .set({ aal: 'aal1', factorId: null, updatedAt: auth.now() })
    .where('userId', '=', user.id);
  if (remaining) q = q.where('factorId', '=', factor.id);
  await q.execute();
  return { id: factor.id };
}
