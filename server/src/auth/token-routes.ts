import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, sessionSchema } from './auth-schemas.ts';
import { authError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import { WEB3_DISABLED } from './disabled-features.ts';
import { idTokenGrant } from './id-token-grant.ts';
import { passwordGrant, pkceGrant, refreshGrant } from './token-grants.ts';

const text = z.string().max(4096).nullish();

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

/** POST /token?grant_type=password|refresh_token|pkce|id_token (auth-compat §5, §6, §7). */
export function tokenRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    const oidc = idTokenGrant(auth);

    app.post(
      '/token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Issue a session: password, refresh_token, pkce or id_token grant (web3 is off)',
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
            return passwordGrant(auth, request, body);
          case 'refresh_token':
            return refreshGrant(auth, request, body.refresh_token);
          case 'pkce':
            return pkceGrant(auth, request, body.auth_code, body.code_verifier);
          case 'id_token':
            return oidc(request, body);
          case 'web3':
            // No Solana or Ethereum sign-in here: GoTrue's answer when both are off.
            throw WEB3_DISABLED();
          default:
            throw authError(400, 'invalid_credentials', 'unsupported_grant_type');
        }
      },
    );
  };
}
