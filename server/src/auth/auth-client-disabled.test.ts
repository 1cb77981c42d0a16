import { AuthClient } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { authClients, newEmail, PASSWORD } from '../test/auth-fixtures.ts';
import { createOrg, createTestApp, useTestApp } from '../test/test-app.ts';
import { INVALID_CHANNEL } from './disabled-features.ts';

/**
 * The features Paddock does not offer, asked for through the official client: each answers
 * with GoTrue's status, code and message (auth-compat §2, §5), which is what the client hands
 * to the app as `error.status`, `error.code` and `error.message`.
 */
const t = useTestApp({ AUTH_RATE_LIMIT_SCALE: '100' });
const server = authClients(t);

type ClientError = { status?: number; code?: string; message: string } | null;
const answer = (error: ClientError) => [error?.status, error?.code, error?.message];

describe('features that are off answer as GoTrue does', () => {
  it('SAML single sign-on: 404 saml_provider_disabled', async () => {
    const { c } = server.client();
    const { error } = await c.signInWithSSO({ domain: 'paddock.example' });
    expect(answer(error)).toEqual([404, 'saml_provider_disabled', 'SAML 2.0 is disabled']);
    const byId = await c.signInWithSSO({ providerId: '7a5b7a47-7a3e-4c4e-9d3f-1f3a4b5c6d7e' });
    expect(byId.error?.code).toBe('saml_provider_disabled');
  });

  it('Web3 sign-in (Solana and Ethereum): 422 web3_provider_disabled', async () => {
    const { c } = server.client();
    const solana = await c.signInWithWeb3({
      chain: 'solana',
      message: 'paddock.example wants you to sign in with your Solana account',
      signature: new Uint8Array(64),
    });
    expect(answer(solana.error)).toEqual([422, 'web3_provider_disabled', 'Web3 provider is disabled']);
    const ethereum = await c.signInWithWeb3({
      chain: 'ethereum',
      message: 'paddock.example wants you to sign in with your Ethereum account',
      signature: `0x${'ab'.repeat(65)}`,
    });
    expect(ethereum.error?.code).toBe('web3_provider_disabled');
  });

  it('manual identity linking: 404 manual_linking_disabled for a signed-in fan', async () => {
    const { c } = await server.signedUp();
    const { error } = await c.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(answer(error)).toEqual([404, 'manual_linking_disabled', 'Manual linking is disabled']);
  });

  it('signInWithIdToken with a provider that is not configured: 400 provider_disabled', async () => {
    const { c } = server.client();
    const google = await c.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' });
    expect(answer(google.error)).toEqual([
      400,
      'provider_disabled',
      'Provider (issuer "https://accounts.google.com") is not enabled',
    ]);
    const custom = await c.signInWithIdToken({ provider: 'acme', token: 'header.payload.signature' });
    expect(answer(custom.error)).toEqual([
      400,
      'validation_failed',
      'Custom OIDC provider "acme" not allowed',
    ]);
    // Apple's issuer is read from the token, so an unreadable one is named as such.
    const apple = await c.signInWithIdToken({ provider: 'apple', token: 'not-a-jwt' });
    expect(answer(apple.error)).toEqual([
      400,
      'validation_failed',
      'Unable to detect issuer in ID token for Apple provider',
    ]);
  });

  it('signInWithOAuth sends the browser to /authorize, which names the provider as not enabled', async () => {
    const { c } = server.client();
    const { data } = await c.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } });
    const res = await fetch(data.url!, {
      headers: { apikey: server.org.publishableKey },
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    });
  });

  it('codes by WhatsApp need a Twilio provider: 400 validation_failed with GoTrue’s text', async () => {
    const { c } = server.client();
    const { error } = await c.signInWithOtp({ phone: '+34600111222', options: { channel: 'whatsapp' } });
    expect(answer(error)).toEqual([400, 'validation_failed', INVALID_CHANNEL]);
    const signUp = await c.signUp({
      phone: '+34600111223',
      password: PASSWORD,
      options: { channel: 'whatsapp' },
    });
    expect(signUp.error?.message).toBe(INVALID_CHANNEL);
  });

  it('a phone sign-up with PKCE is refused as GoTrue does', async () => {
    const res = await fetch(`${server.base}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.org.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        phone: '+34600111224',
        password: PASSWORD,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 's256',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ msg: 'PKCE not supported for phone signups' });
  });

  it('phone and WebAuthn MFA factors: 422 *_enroll_not_enabled; TOTP still enrols', async () => {
    const { c } = await server.signedUp();
    const phone = await c.mfa.enroll({ factorType: 'phone', phone: '+34600111225' });
    expect(answer(phone.error)).toEqual([
      422,
      'mfa_phone_enroll_not_enabled',
      'MFA enroll is disabled for Phone',
    ]);
    const { data } = await c.getSession();
    const webauthn = await fetch(`${server.base}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: server.org.publishableKey,
        authorization: `Bearer ${data.session!.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ factor_type: 'webauthn' }),
    });
    expect(webauthn.status).toBe(422);
    expect(await webauthn.json()).toMatchObject({
      error_code: 'mfa_webauthn_enroll_not_enabled',
      msg: 'MFA enroll is disabled for WebAuthn',
    });
    const totp = await c.mfa.enroll({ factorType: 'totp' });
    expect(totp.error).toBeNull();
  });

  it('passkeys: 404 passkey_disabled, signed in or not', async () => {
    // The client's passkey API is opt-in (experimental), as an app using passkeys would set it.
    const c = new AuthClient({
      url: `${server.base}/auth/v1`,
      headers: { apikey: server.org.publishableKey },
      persistSession: false,
      autoRefreshToken: false,
      experimental: { passkey: true },
    });
    const start = await c.passkey.startAuthentication();
    expect(answer(start.error)).toEqual([404, 'passkey_disabled', 'Passkeys are disabled']);
    expect((await c.signUp({ email: newEmail(), password: PASSWORD })).error).toBeNull();
    const list = await c.passkey.list();
    expect(list.error?.code).toBe('passkey_disabled');
  });

  it('the OAuth 2.1 server (Paddock as an identity provider): 404 feature_disabled', async () => {
    const { c } = await server.signedUp();
    const details = await c.oauth.getAuthorizationDetails('7a5b7a47-7a3e-4c4e-9d3f-1f3a4b5c6d7e');
    expect(answer(details.error)).toEqual([404, 'feature_disabled', 'OAuth server is disabled']);
    const grants = await c.oauth.listGrants();
    expect(grants.error?.code).toBe('feature_disabled');
  });

  it('anonymous sign-in off: 422 anonymous_provider_disabled', async () => {
    const { error } = await server.client().c.signInAnonymously();
    expect(answer(error)).toEqual([422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled']);
  });
});

describe('sign-ups off (AUTH_DISABLE_SIGNUP)', () => {
  it('sign-up, a code to a new address and an anonymous sign-in answer as GoTrue does', async () => {
    const off = await createTestApp({ AUTH_DISABLE_SIGNUP: 'true', AUTH_ANONYMOUS_USERS: 'true' });
    try {
      const org = await createOrg(off);
      const base = await off.app.listen({ port: 0, host: '127.0.0.1' });
      const c = new AuthClient({
        url: `${base}/auth/v1`,
        headers: { apikey: org.publishableKey },
        persistSession: false,
        autoRefreshToken: false,
      });
      const signUp = await c.signUp({ email: newEmail(), password: PASSWORD });
      const refused = [422, 'signup_disabled', 'Signups not allowed for this instance'];
      expect(answer(signUp.error)).toEqual(refused);
      expect(answer((await c.signInWithOtp({ email: newEmail() })).error)).toEqual(refused);
      expect(answer((await c.signInAnonymously()).error)).toEqual(refused);
    } finally {
      await off.close();
    }
  }, 120_000);
});
