import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponses, emptySchema } from './auth-schemas.ts';
import { authError } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';

/**
 * GoTrue's own answers for the features Paddock does not offer (auth-compat §2, §5): SAML SSO,
 * passkeys, manual identity linking, the OAuth 2.1 server, OAuth redirect providers, Web3,
 * WhatsApp codes, phone and WebAuthn MFA. Same status, `error_code` and message as GoTrue with
 * those features switched off, so the official client and the apps built on it show the usual
 * messages instead of a bare 404 from a route we never declared.
 */

export const SAML_DISABLED = () => authError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
export const WEB3_DISABLED = () => authError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
const PASSKEYS_DISABLED = () => authError(404, 'passkey_disabled', 'Passkeys are disabled');
const OAUTH_SERVER_DISABLED = () => authError(404, 'feature_disabled', 'OAuth server is disabled');
const MANUAL_LINKING_DISABLED = () => authError(404, 'manual_linking_disabled', 'Manual linking is disabled');

/** GoTrue's message when a channel other than SMS is asked for without a Twilio provider. */
export const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/**
 * Codes are sent by SMS only: there is no SMS provider (auth-compat §11), so no WhatsApp. GoTrue
 * refuses any other channel with 400 `validation_failed`, and a channel named with an e-mail.
 */
export function assertMessageChannel(body: { email?: string | null; channel?: string | null }) {
  if (!body.channel) return;
  if (body.email) {
    throw authError(400, 'validation_failed', 'Channel should only be specified with Phone OTP');
  }
  if (body.channel !== 'sms') throw authError(400, 'validation_failed', INVALID_CHANNEL);
}

/** GoTrue's sign-up refuses PKCE with a phone: the code is sent by SMS and answers with a session. */
export function assertNoPhonePkce(body: { phone?: string | null; code_challenge?: string | null }) {
  if (body.phone && body.code_challenge) {
    throw authError(400, 'validation_failed', 'PKCE not supported for phone signups');
  }
}

/** MFA factor types: TOTP is built; phone and WebAuthn factors are GoTrue's "not enabled". */
export function assertFactorTypeEnabled(factorType: string) {
  if (factorType === 'totp') return;
  if (factorType === 'phone') {
    throw authError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (factorType === 'webauthn') {
    throw authError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  throw authError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
}

/** The OAuth redirect providers GoTrue knows: none is configured here (auth-compat §10). */
const OAUTH_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'snapchat',
  'spotify',
  'twitch',
  'twitter',
  'x',
  'vercel_marketplace',
  'workos',
  'zoom',
]);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const anyPath = z.object({ '*': z.string().max(500) });

export function disabledFeatureRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];

    // SAML SSO: GoTrue checks that SAML is on before reading anything (auth-compat §5).
    app.post(
      '/sso',
      { schema: { tags, summary: 'Enterprise SSO (SAML off)', response: authResponses(emptySchema) } },
      () => {
        throw SAML_DISABLED();
      },
    );
    app.route({
      method: [...METHODS],
      url: '/sso/*',
      schema: { hide: true, params: anyPath, response: authResponses(emptySchema) },
      handler: () => {
        throw SAML_DISABLED();
      },
    });

    // Passkeys are switched off before authentication, like GoTrue's middleware; the OAuth 2.1
    // server (Paddock as an identity provider for other apps) is not offered.
    const switchedOff: [string, () => Error][] = [
      ['/passkeys', PASSKEYS_DISABLED],
      ['/passkeys/*', PASSKEYS_DISABLED],
      ['/oauth/*', OAUTH_SERVER_DISABLED],
      ['/.well-known/oauth-authorization-server', OAUTH_SERVER_DISABLED],
    ];
    for (const [url, refusal] of switchedOff) {
      app.route({
        method: [...METHODS],
        url,
        schema: {
          hide: true,
          ...(url.endsWith('*') ? { params: anyPath } : {}),
          response: authResponses(emptySchema),
        },
        handler: () => {
          throw refusal();
        },
      });
    }
    // Under /user the caller is authenticated first (401 without a token), then refused.
    app.route({
      method: ['GET', 'DELETE'],
      url: '/user/oauth/grants',
      schema: { hide: true, response: authResponses(emptySchema) },
      handler: async (request) => {
        await auth.http.authenticate(request);
        throw OAUTH_SERVER_DISABLED();
      },
    });
    app.get(
      '/user/identities/authorize',
      {
        schema: {
          tags,
          summary: 'Link an OAuth identity (manual linking off)',
          querystring: z.object({ provider: z.string().max(100).nullish() }).loose(),
          response: authResponses(emptySchema),
        },
      },
      async (request) => {
        await auth.http.authenticate(request);
        throw MANUAL_LINKING_DISABLED();
      },
    );

    // signInWithOAuth sends the browser here; no redirect provider is configured.
    app.get(
      '/authorize',
      {
        schema: {
          tags,
          summary: 'Sign in with an OAuth provider (none configured)',
          querystring: z.object({ provider: z.string().max(100).nullish() }).loose(),
          response: authResponses(emptySchema),
        },
      },
      async (request) => {
        const provider = (request.query.provider ?? '').toLowerCase();
        const reason = OAUTH_PROVIDERS.has(provider)
          ? 'provider is not enabled'
          : `Provider ${provider} could not be found`;
        throw authError(400, 'validation_failed', `Unsupported provider: ${reason}`);
      },
    );
  };
}
