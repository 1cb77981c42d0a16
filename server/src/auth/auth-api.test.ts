import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../db/schema.ts';
import { seedOrganization } from '../seed/organization-seed.ts';
import { authCall, lastMessage, newEmail, PASSWORD } from '../test/auth-fixtures.ts';
import { createFan, createOrg, createTestApp, onRealPostgres, type TestContext } from '../test/test-app.ts';

/** Wire-level behaviour of /auth/v1 that the client tests do not reach: config switches, limits, errors. */

describe('defaults (autoconfirm on)', () => {
  let t: TestContext;
  let org: Organization;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(async () => t.close());

  it('errors carry code, message, error_code, msg and the API version header', async () => {
    const res = await authCall(t, org, 'POST', '/token?grant_type=password', {
      email: newEmail(),
      password: 'whatever-123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(res.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('bodies are lenient: unknown fields ignored, null as absent; bad JSON is 400 bad_json; > 1 MB is 413', async () => {
    const ok = await authCall(t, org, 'POST', '/signup', {
      email: newEmail(),
      password: PASSWORD,
      gotrue_meta_security: {},
      code_challenge: null,
      code_challenge_method: null,
      whatever: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: org.publishableKey, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_json');
    const big = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: org.publishableKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: newEmail(), password: PASSWORD, data: { x: 'y'.repeat(1_100_000) } }),
    });
    expect(big.statusCode).toBe(413);
  });

  it('an unknown apikey is 401; health and JWKS need none', async () => {
    const res = await authCall(t, null, 'GET', '/settings', undefined, { apikey: 'pk_nope' });
    expect(res.statusCode).toBe(401);
    expect((await authCall(t, null, 'GET', '/health')).json().name).toBe('paddock-auth');
    const jwks = await authCall(t, null, 'GET', '/.well-known/jwks.json');
    expect(jwks.json().keys[0]).toMatchObject({ alg: 'ES256', use: 'sig', kty: 'EC' });
    expect(jwks.json().keys[0].d).toBeUndefined();
  });

  it('settings, sso and manual linking answer as GoTrue does', async () => {
    const settings = (await authCall(t, org, 'GET', '/settings')).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, anonymous_users: false },
    });
    const sso = await authCall(t, org, 'POST', '/sso', { domain: 'example.com' });
    expect([sso.statusCode, sso.json().code, sso.json().msg]).toEqual([
      404,
      'saml_provider_disabled',
      'SAML 2.0 is disabled',
    ]);
    const linkUrl = '/user/identities/authorize?provider=google&skip_http_redirect=true';
    const anonymous = await authCall(t, org, 'GET', linkUrl);
    expect(anonymous.statusCode).toBe(401);
    const fan = await createFan(t, org);
    const link = await authCall(t, org, 'GET', linkUrl, undefined, {
      authorization: `Bearer ${fan.accessToken}`,
    });
    expect([link.statusCode, link.json().code]).toEqual([404, 'manual_linking_disabled']);
  });

  it('user endpoints need a bearer (401 no_authorization); logout is 204, a bad scope 400', async () => {
    const none = await authCall(t, org, 'GET', '/user', undefined, {
      authorization: `Bearer ${org.publishableKey}`,
    });
    expect([none.statusCode, none.json().code]).toEqual([401, 'no_authorization']);
    const fan = await createFan(t, org);
    const auth = { authorization: `Bearer ${fan.accessToken}`, 'content-type': 'application/json' };
    const scope = await authCall(t, org, 'POST', '/logout?scope=everything', undefined, auth);
    expect(scope.statusCode).toBe(400);
    const out = await authCall(t, org, 'POST', '/logout', undefined, auth);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await authCall(t, org, 'GET', '/user', undefined, auth);
    expect([after.statusCode, after.json().code]).toEqual([403, 'session_not_found']);
  });

  it('ids are validated as UUIDs (400), an unknown factor is 404', async () => {
    const fan = await createFan(t, org);
    const auth = { authorization: `Bearer ${fan.accessToken}` };
    expect((await authCall(t, org, 'DELETE', '/user/identities/abc', undefined, auth)).statusCode).toBe(400);
    expect((await authCall(t, org, 'POST', '/factors/abc/challenge', {}, auth)).statusCode).toBe(400);
    const missing = await authCall(t, org, 'POST', `/factors/${randomUUID()}/challenge`, {}, auth);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'mfa_factor_not_found']);
    const single = await authCall(t, org, 'DELETE', `/user/identities/${fan.user.id}`, undefined, auth);
    expect([single.statusCode, single.json().code]).toEqual([422, 'single_identity_not_deletable']);
  });

  it('a banned user cannot sign in (400 user_banned); an unknown grant is 400', async () => {
    const fan = await createFan(t, org);
    await t.db
      .updateTable('users')
      .set({ bannedUntil: new Date(t.clock.now().getTime() + 86_400_000) })
      .where('id', '=', fan.user.id)
      .execute();
    const res = await authCall(t, org, 'POST', '/token?grant_type=password', {
      email: fan.user.email,
      password: fan.password,
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'user_banned']);
    const grant = await authCall(t, org, 'POST', '/token?grant_type=magic', {});
    expect([grant.statusCode, grant.json().code]).toEqual([400, 'invalid_credentials']);
  });

  it('phone sign-up and SMS code verification', async () => {
    const res = await authCall(t, org, 'POST', '/signup', { phone: '+44 7700 900123', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phone).toBe('447700900123');
    const badPhone = await authCall(t, org, 'POST', '/signup', { phone: '12', password: PASSWORD });
    expect(badPhone.json().message).toBe('Invalid phone number format (E.164 required)');
    await authCall(t, org, 'POST', '/otp', { phone: '+447700900123' });
    const code = (await lastMessage(t, '447700900123')).code;
    const ok = await authCall(t, org, 'POST', '/verify', { phone: '447700900123', token: code, type: 'sms' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.phone_confirmed_at).toBeTruthy();
  });

  it('PKCE: a wrong verifier is 400 bad_code_verifier; an old code is 422 flow_state_expired', async () => {
    const email = newEmail();
    const verifier = 'v'.repeat(60);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { code_challenge: challenge, code_challenge_method: 's256' };
    const codeFor = async () => {
      t.clock.advance(61_000);
      await authCall(t, org, 'POST', '/otp', { email, ...pkce });
      const row = await t.db
        .selectFrom('outbox')
        .select('payload')
        .where('recipient', '=', email)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const link = new URL((row.payload as { link: string }).link);
      const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      return new URL(res.headers.location as string).searchParams.get('code')!;
    };
    const first = await codeFor();
    const wrong = await authCall(t, org, 'POST', '/token?grant_type=pkce', {
      auth_code: first,
      code_verifier: 'w'.repeat(60),
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'bad_code_verifier']);
    const second = await codeFor();
    t.clock.advance(301_000);
    const late = await authCall(t, org, 'POST', '/token?grant_type=pkce', {
      auth_code: second,
      code_verifier: verifier,
    });
    expect([late.statusCode, late.json().code]).toEqual([422, 'flow_state_expired']);
    const missing = await authCall(t, org, 'POST', '/token?grant_type=pkce', {
      auth_code: randomUUID(),
      code_verifier: verifier,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('id_token grant: a missing token is an OAuth-style 400, an unconfigured provider GoTrue’s provider_disabled', async () => {
    const missing = await authCall(t, org, 'POST', '/token?grant_type=id_token', { provider: 'google' });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid request']);
    const res = await authCall(t, org, 'POST', '/token?grant_type=id_token', {
      provider: 'google',
      id_token: 'x.y.z',
    });
    expect([res.statusCode, res.json().code, res.json().msg]).toEqual([
      400,
      'provider_disabled',
      'Provider (issuer "https://accounts.google.com") is not enabled',
    ]);
  });

  it('no apikey: served for DEFAULT_ORGANIZATION (auth-compat §10)', async () => {
    const slug = `auth-default-${randomUUID().slice(0, 8)}`;
    const t2 = await createTestApp({ DEFAULT_ORGANIZATION: slug });
    try {
      const def = await seedOrganization(t2.db, { slug, name: 'Default' });
      const res = await authCall(t2, null, 'POST', '/signup', { email: newEmail(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const row = await t2.db
        .selectFrom('users')
        .select('organizationId')
        .where('id', '=', res.json().user.id)
        .executeTakeFirstOrThrow();
      expect(row.organizationId).toBe(def.id);
    } finally {
      await t2.close();
    }
  }, 120_000);

  describe.runIf(onRealPostgres)('concurrency (real PostgreSQL)', () => {
    it('two simultaneous refreshes of one token both get the same new token', async () => {
      const fan = await createFan(t, org);
      const [a, b] = await Promise.all([
        authCall(t, org, 'POST', '/token?grant_type=refresh_token', { refresh_token: fan.refreshToken }),
        authCall(t, org, 'POST', '/token?grant_type=refresh_token', { refresh_token: fan.refreshToken }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().refresh_token).toBe(b.json().refresh_token);
    });
  });
  if (!onRealPostgres) console.info('auth-api: refresh concurrency test skipped (needs TEST_DATABASE_URL)');
});
