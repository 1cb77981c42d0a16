import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import { authResponses, sessionSchema } from './auth-schemas.ts';
import { authError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import type { MfaFactor } from './auth-tables.ts';
import { type AmrEntry, newRefreshToken } from './session-tokens.ts';

const text = z.string().max(1000).nullish();
const factorParams = z.object({ factorId: z.string().max(100) });

/** auth-compat §5 Notes: unverified factors and challenges live 300 s; at most 10 factors. */
const FACTOR_TTL_MS = 300_000;
const CHALLENGE_TTL_MS = 300_000;
const MAX_FACTORS = 10;

const totpFor = (factor: MfaFactor, label: string, issuer: string) =>
  new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(factor.secret),
  });

/** TOTP factors: enrol, challenge, verify (→ aal2), unenrol. */
export function mfaRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.deps;

    async function ownFactor(userId: string, factorId: string) {
      auth.assertUuid(factorId, 'factor_id');
      const factor = await db
        .selectFrom('authMfaFactors')
        .selectAll()
        .where('id', '=', factorId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
      return factor;
    }

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
        const body = request.body;
        if (body.factor_type !== 'totp') {
          throw authError(422, 'mfa_factor_type_not_supported', 'Only TOTP factors are supported');
        }
        const now = auth.now();
        await db
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
        const factor = await db
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
          type: 'totp',
          friendly_name: friendlyName ?? '',
          totp: { qr_code: qr, secret, uri },
        };
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
        const factor = await ownFactor(user.id, request.params.factorId);
        const now = auth.now();
        if (
          factor.status === 'unverified' &&
          now.getTime() - new Date(factor.createdAt).getTime() > FACTOR_TTL_MS
        ) {
          throw authError(404, 'mfa_factor_not_found', 'Factor not found');
        }
        const challenge = await db
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
        await db
          .updateTable('authMfaFactors')
          .set({ lastChallengedAt: now })
          .where('id', '=', factor.id)
          .execute();
        return {
          id: challenge.id,
          type: 'totp',
          expires_at: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000),
        };
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
        const factor = await ownFactor(user.id, request.params.factorId);
        auth.assertUuid(request.body.challenge_id, 'challenge_id');
        const now = auth.now();
        const challenge = await db
          .selectFrom('authMfaChallenges')
          .selectAll()
          .where('id', '=', request.body.challenge_id)
          .where('factorId', '=', factor.id)
          .executeTakeFirst();
        if (!challenge) throw authError(404, 'mfa_challenge_not_found', 'Challenge not found');
        if (
          challenge.verifiedAt ||
          now.getTime() - new Date(challenge.createdAt).getTime() > CHALLENGE_TTL_MS
        ) {
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
          token: request.body.code.trim(),
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
        await db
          .deleteFrom('sessions')
          .where('userId', '=', user.id)
          .where('id', '!=', session.id)
          .where('aal', '=', 'aal1')
          .execute();
        await db
          .updateTable('refreshTokens')
          .set({ revoked: true, updatedAt: now })
          .where('sessionId', '=', session.id)
          .execute();
        const refreshToken = newRefreshToken();
        await db
          .insertInto('refreshTokens')
          .values({
            token: refreshToken,
            sessionId: session.id,
            userId: user.id,
            parent: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        const fresh = await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        const response = await app.deps.tokens.respond(
          fresh,
          { id: session.id, aal: 'aal2', amr },
          refreshToken,
        );
        return { ...response, user: await auth.present(fresh) };
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
        const factor = await ownFactor(user.id, request.params.factorId);
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
      },
    );
  };
}
