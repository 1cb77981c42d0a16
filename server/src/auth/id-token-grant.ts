import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import type { User } from '../db/schema.ts';
import { sha256hex } from './auth-input.ts';
import { unconfiguredProvider } from './id-token-providers.ts';
import { authError, OAuthError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';

interface OidcProvider {
  provider: string;
  issuer: string;
  jwksUrl?: string;
  /** Inline key set (tests, air-gapped deployments) instead of jwksUrl. */
  jwks?: JSONWebKeySet;
  clientIds: string[];
}

type Text = string | null | undefined;

/**
 * The id_token grant (auth-compat §2, §5): an OIDC provider's ID token, verified against its
 * keys, signs in the identity it names (linked to an account on an address the provider
 * vouches for, else a new account). Providers come from AUTH_OIDC_PROVIDERS; remote key sets
 * are cached for the app's life.
 */
export function idTokenGrant(auth: AuthService) {
  const remoteSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  let providers: OidcProvider[] = [];
  try {
    const parsed = JSON.parse(auth.config.AUTH_OIDC_PROVIDERS);
    providers = Array.isArray(parsed) ? parsed : [];
  } catch {
    auth.app.log.warn('AUTH_OIDC_PROVIDERS is not valid JSON; the id_token grant is disabled');
  }

  async function verifiedClaims(provider: OidcProvider, idToken: string): Promise<JWTPayload> {
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
      const { payload } = await jwtVerify(idToken, keySet as never, {
        issuer: provider.issuer,
        audience: provider.clientIds,
        currentDate: auth.now(),
      });
      return payload;
    } catch (error) {
      throw new OAuthError(400, 'invalid request', `Bad ID token: ${(error as Error).message}`);
    }
  }

  return async (request: FastifyRequest, body: { provider?: Text; id_token?: Text; nonce?: Text }) => {
    const org = request.authOrg;
    if (!body.id_token) throw new OAuthError(400, 'invalid request', 'id_token required');
    if (!body.provider)
      throw new OAuthError(400, 'invalid request', 'provider or client_id and issuer required');
    const provider = providers.find((p) => p.provider === body.provider || p.issuer === body.provider);
    if (!provider) throw unconfiguredProvider(body.provider, body.id_token);
    const claims = await verifiedClaims(provider, body.id_token);
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
    const identity = await auth.db
      .selectFrom('authIdentities')
      .selectAll()
      .where('organizationId', '=', org.id)
      .where('provider', '=', provider.provider)
      .where('providerId', '=', claims.sub)
      .executeTakeFirst();
    let user: User | undefined;
    if (identity) {
      user = await auth.findById(identity.userId);
      await auth.db
        .updateTable('authIdentities')
        .set({ lastSignInAt: now, updatedAt: now })
        .where('id', '=', identity.id)
        .execute();
    } else {
      // Link to an existing account only on an address the provider vouches for.
      if (email && emailVerified) user = await auth.findByEmail(org, email);
      if (!user) {
        if (auth.config.AUTH_DISABLE_SIGNUP) {
          throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
        }
        user = await auth.createUser(org, {
          email: email && !(await auth.findByEmail(org, email)) ? email : null,
          confirmed: emailVerified,
          userMetadata: { full_name: claims.name, avatar_url: claims.picture, email },
          provider: provider.provider,
        });
      }
      await auth.db
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
  };
}
