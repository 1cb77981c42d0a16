import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { authResponses, sessionSchema } from './auth-schemas.ts';
import type { User } from '../db/schema.ts';
import { authError, isUuid, OAuthError } from './auth-http.ts';
import { type AuthService, normalizeEmail, normalizePhone, sha256hex } from './auth-service.ts';
import { verifyPassword } from './passwords.ts';
import { type AmrEntry, newRefreshToken } from './session-tokens.ts';

const text = z.string().max(4096).nullish();

/** auth-compat §6: the superseded token still answers for 10 s (a client that lost the response). */
export const REUSE_INTERVAL_MS = 10_000;

const tokenBody = z.object({
  email: text,
  phone: text,
  password: text,
  refresh_token: text,
  auth_code: text,
  code_verifier: text,
  provider: text,
  id_token: text,
  nonce: text,
  access_token: text,
  client_id: text,
  issuer: text,
});

interface OidcProvider {
  provider: string;
  issuer: string;
  jwksUrl?: string;
  /** Inline key set (tests, air-gapped deployments) instead of jwksUrl. */
  jwks?: JSONWebKeySet;
  clientIds: string[];
}

/** POST /token?grant_type=password|refresh_token|pkce|id_token (auth-compat §5, §6, §7). */
export function tokenRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.deps;
    const remoteSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
    let providers: OidcProvider[] = [];
    try {
      const parsed = JSON.parse(app.deps.config.AUTH_OIDC_PROVIDERS);
      providers = Array.isArray(parsed) ? parsed : [];
    } catch {
      app.log.warn('AUTH_OIDC_PROVIDERS is not valid JSON; the id_token grant is disabled');
    }

    app.post(
      '/token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Issue a session: password, refresh_token, pkce or id_token grant',
          querystring: z.object({ grant_type: z.string().max(50).nullish() }),
          body: tokenBody,
          response: authResponses(sessionSchema),
        },
      },
      async (request) => {
        const body = request.body;
        const grant = request.query.grant_type;
        await auth.http.limit(request, 'token', grant === 'password' ? (body.email ?? body.phone) : null);
        switch (grant) {
          case 'password':
            return passwordGrant(request, body);
          case 'refresh_token':
            return refreshGrant(request, body.refresh_token);
          case 'pkce':
            return pkceGrant(request, body.auth_code, body.code_verifier);
          case 'id_token':
            return idTokenGrant(request, body);
          default:
            throw authError(400, 'invalid_credentials', 'unsupported_grant_type');
        }
      },
    );

    type Req = Parameters<AuthService['signIn']>[0];

    async function passwordGrant(request: Req, body: z.infer<typeof tokenBody>) {
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
      if (body.email && !user.emailConfirmedAt) {
        throw authError(400, 'email_not_confirmed', 'Email not confirmed');
      }
      if (!body.email && !user.phoneConfirmedAt) {
        throw authError(400, 'phone_not_confirmed', 'Phone not confirmed');
      }
      return auth.signIn(request, user, 'password');
    }

    async function refreshGrant(request: Req, token: string | null | undefined) {
      const org = request.authOrg;
      if (!token) throw authError(400, 'validation_failed', 'refresh_token required');
      const now = auth.now();
      const result = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('refreshTokens as r')
          .innerJoin('sessions as s', 's.id', 'r.sessionId')
          .select(['r.id', 'r.token', 'r.revoked', 'r.sessionId', 'r.userId', 'r.updatedAt', 's.notAfter'])
          .where('r.token', '=', token)
          .where('s.organizationId', '=', org.id)
          .executeTakeFirst();
        if (!row) return { error: 'not_found' as const };
        if (row.notAfter && new Date(row.notAfter) <= now) return { error: 'expired' as const };
        // Claim the token atomically: of two concurrent refreshes only one rotates.
        const claimed = await trx
          .updateTable('refreshTokens')
          .set({ revoked: true, updatedAt: now })
          .where('id', '=', row.id)
          .where('revoked', '=', false)
          .returning('id')
          .executeTakeFirst();
        if (claimed) {
          const next = newRefreshToken();
          await trx
            .insertInto('refreshTokens')
            .values({
              token: next,
              sessionId: row.sessionId,
              userId: row.userId,
              parent: row.token,
              createdAt: now,
              updatedAt: now,
            })
            .execute();
          await trx
            .updateTable('sessions')
            .set({ refreshedAt: now, updatedAt: now })
            .where('id', '=', row.sessionId)
            .execute();
          return { sessionId: row.sessionId, userId: row.userId, token: next };
        }
        // Revoked: the direct parent of the live token within the reuse interval gets the live token.
        const child = await trx
          .selectFrom('refreshTokens')
          .select(['token', 'createdAt', 'revoked'])
          .where('parent', '=', row.token)
          .where('sessionId', '=', row.sessionId)
          .executeTakeFirst();
        if (
          child &&
          !child.revoked &&
          now.getTime() - new Date(child.createdAt).getTime() <= REUSE_INTERVAL_MS
        ) {
          return { sessionId: row.sessionId, userId: row.userId, token: child.token };
        }
        // Reuse of an old token: someone else may hold the family, so the session ends.
        await trx.deleteFrom('sessions').where('id', '=', row.sessionId).execute();
        return { error: 'reused' as const };
      });
      if ('error' in result) {
        if (result.error === 'reused') {
          throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        }
        if (result.error === 'expired')
          throw authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
        throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', result.userId)
        .executeTakeFirstOrThrow();
      auth.assertNotBanned(user);
      const session = await db
        .selectFrom('sessions')
        .select(['id', 'aal', 'amr'])
        .where('id', '=', result.sessionId)
        .executeTakeFirst();
      if (!session) throw authError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found');
      const presented = await auth.present(user);
      const response = await app.deps.tokens.respond(
        user,
        session as { id: string; aal: string; amr: AmrEntry[] },
        result.token,
      );
      return { ...response, user: presented };
    }

    async function pkceGrant(request: Req, authCode?: string | null, verifier?: string | null) {
      const org = request.authOrg;
      if (!authCode || !verifier) {
        throw authError(
          400,
          'validation_failed',
          'invalid request: both auth code and code verifier should be non-empty',
        );
      }
      if (!isUuid(authCode))
        throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      const flow = await db
        .selectFrom('authFlowStates')
        .selectAll()
        .where('authCode', '=', authCode)
        .where('organizationId', '=', org.id)
        .where('verifiedAt', 'is not', null)
        .executeTakeFirst();
      if (!flow)
        throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      const issued = new Date(flow.verifiedAt ?? flow.createdAt).getTime();
      if (auth.now().getTime() - issued > 300_000) {
        await db.deleteFrom('authFlowStates').where('id', '=', flow.id).execute();
        throw authError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
      }
      const expected =
        flow.codeChallengeMethod === 's256'
          ? createHash('sha256').update(verifier).digest('base64url')
          : verifier;
      if (expected !== flow.codeChallenge) {
        throw authError(
          400,
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        );
      }
      // Single use: only the request that deletes the flow state gets the session.
      const deleted = await db
        .deleteFrom('authFlowStates')
        .where('id', '=', flow.id)
        .returning('id')
        .executeTakeFirst();
      if (!deleted)
        throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', flow.userId)
        .executeTakeFirstOrThrow();
      auth.assertNotBanned(user);
      return auth.signIn(request, user, flow.authenticationMethod === 'recovery' ? 'recovery' : 'otp');
    }

    async function idTokenGrant(request: Req, body: z.infer<typeof tokenBody>) {
      const org = request.authOrg;
      if (providers.length === 0) {
        throw new OAuthError(
          400,
          'invalid request',
          'No OIDC providers are configured (AUTH_OIDC_PROVIDERS)',
        );
      }
      if (!body.id_token || !body.provider) {
        throw new OAuthError(400, 'invalid request', 'provider and id_token are required');
      }
      const provider = providers.find((p) => p.provider === body.provider || p.issuer === body.provider);
      if (!provider) {
        throw new OAuthError(400, 'invalid request', `Provider ${body.provider} is not configured`);
      }
      let claims: JWTPayload;
      try {
        let keySet: Parameters<typeof jwtVerify>[1];
        if (provider.jwks) keySet = createLocalJWKSet(provider.jwks);
        else {
          const url = provider.jwksUrl ?? '';
          let remote = remoteSets.get(url);
          if (!remote) {
            remote = createRemoteJWKSet(new URL(url));
            remoteSets.set(url, remote);
          }
          keySet = remote;
        }
        ({ payload: claims } = await jwtVerify(body.id_token, keySet as never, {
          issuer: provider.issuer,
          audience: provider.clientIds,
          currentDate: auth.now(),
        }));
      } catch (error) {
        throw new OAuthError(400, 'invalid request', `Bad ID token: ${(error as Error).message}`);
      }
      if (claims.nonce !== undefined || body.nonce) {
        const hashed = body.nonce ? sha256hex(body.nonce) : undefined;
        if (!body.nonce || (claims.nonce !== hashed && claims.nonce !== body.nonce)) {
          throw new OAuthError(400, 'invalid request', 'Nonces mismatch');
        }
      }
      if (!claims.sub) throw new OAuthError(400, 'invalid request', 'ID token has no sub claim');
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
      const now = auth.now();
      const identity = await db
        .selectFrom('authIdentities')
        .selectAll()
        .where('organizationId', '=', org.id)
        .where('provider', '=', provider.provider)
        .where('providerId', '=', claims.sub)
        .executeTakeFirst();
      let user: User | undefined;
      if (identity) {
        user = await db.selectFrom('users').selectAll().where('id', '=', identity.userId).executeTakeFirst();
        await db
          .updateTable('authIdentities')
          .set({ lastSignInAt: now, updatedAt: now })
          .where('id', '=', identity.id)
          .execute();
      } else {
        // Link to an existing account only on an address the provider vouches for.
        if (email && emailVerified) user = await auth.findByEmail(org, email);
        if (!user) {
          if (app.deps.config.AUTH_DISABLE_SIGNUP) {
            throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
          }
          user = await auth.createUser(org, {
            email: email && !(await auth.findByEmail(org, email)) ? email : null,
            confirmed: emailVerified,
            userMetadata: { full_name: claims.name, avatar_url: claims.picture, email },
            provider: provider.provider,
          });
        }
        await db
          .insertInto('authIdentities')
          .values({
            organizationId: org.id,
            userId: user.id,
            provider: provider.provider,
            providerId: claims.sub,
            identityData: JSON.stringify({ ...claims, email_verified: emailVerified }),
            email,
            lastSignInAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }
      if (!user) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
      auth.assertNotBanned(user);
      return auth.signIn(request, user, 'id_token');
    }
  };
}
