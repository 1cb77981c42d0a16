import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { authCall, lastMessage, newEmail, PASSWORD } from '../test/auth-fixtures.ts';
import { createFan, createOrg, createTestApp } from '../test/test-app.ts';

/** Wire-level behaviour of /auth/v1 that the client tests do not reach: config switches, limits, errors. */

describe('configuration switches', () => {
  it('AUTH_AUTOCONFIRM=false: bare user, email_not_confirmed, confirm by code; a repeat sign-up reveals nothing', async () => {
    const t = await createTestApp({ AUTH_AUTOCONFIRM: 'false' });
    try {
      const org = await createOrg(t);
      const email = newEmail();
      const res = await authCall(t, org, 'POST', '/signup', { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().access_token).toBeUndefined();
      expect(res.json().confirmation_sent_at).toBeTruthy();
      const early = await authCall(t, org, 'POST', '/token?grant_type=password', {
        email,
        password: PASSWORD,
      });
      expect(early.json().code).toBe('email_not_confirmed');
      const firstCode = (await lastMessage(t, email)).code;
      // Resend: spaced 60 s per user; the new code replaces the old one; unknown users get {} too.
      const tooSoon = await authCall(t, org, 'POST', '/resend', { email, type: 'signup' });
      expect([tooSoon.statusCode, tooSoon.json().code]).toEqual([429, 'over_email_send_rate_limit']);
      t.clock.advance(61_000);
      const resent = await authCall(t, org, 'POST', '/resend', { email, type: 'signup' });
      expect([resent.statusCode, resent.json()]).toEqual([200, {}]);
      expect(
        (await authCall(t, org, 'POST', '/resend', { email: newEmail(), type: 'signup' })).json(),
      ).toEqual({});
      const code = (await lastMessage(t, email)).code;
      if (code !== firstCode) {
        const old = await authCall(t, org, 'POST', '/verify', { email, token: firstCode, type: 'signup' });
        expect([old.statusCode, old.json().code]).toEqual([403, 'otp_expired']);
      }
      t.clock.advance(61_000);
      const again = await authCall(t, org, 'POST', '/signup', { email, password: PASSWORD });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).not.toBe(res.json().id);
      const latest = (await lastMessage(t, email)).code;
      const ok = await authCall(t, org, 'POST', '/verify', { email, token: latest, type: 'signup' });
      expect(ok.statusCode).toBe(200);
      expect(
        (await authCall(t, org, 'POST', '/token?grant_type=password', { email, password: PASSWORD }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('AUTH_DISABLE_SIGNUP refuses sign-ups; AUTH_ANONYMOUS_USERS allows anonymous ones', async () => {
    const off = await createTestApp({ AUTH_DISABLE_SIGNUP: 'true' });
    try {
      const org = await createOrg(off);
      const res = await authCall(off, org, 'POST', '/signup', { email: newEmail(), password: PASSWORD });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        422,
        'signup_disabled',
        'Signups not allowed for this instance',
      ]);
    } finally {
      await off.close();
    }
    const anon = await createTestApp({ AUTH_ANONYMOUS_USERS: 'true' });
    try {
      const org = await createOrg(anon);
      const res = await authCall(anon, org, 'POST', '/signup', { data: {} });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.is_anonymous).toBe(true);
    } finally {
      await anon.close();
    }
  }, 120_000);

  it('rate limits: 429 over_request_rate_limit per IP and per identifier', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: '0.1', RATE_LIMIT_SCALE: '1' });
    try {
      const org = await createOrg(t);
      const fromIp = (ip: string, email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/v1/otp',
          headers: { apikey: org.publishableKey },
          payload: { email },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await fromIp('10.0.0.1', newEmail())).statusCode).toBe(200);
      const limited = await fromIp('10.0.0.1', newEmail());
      expect([limited.statusCode, limited.json().code]).toEqual([429, 'over_request_rate_limit']);
      // One account from many IPs meets the account-wide backstop (30 at this scale, decision 028).
      const email = newEmail();
      const fan = await createFan(t, org, { email });
      const guesses = [];
      for (let i = 0; i < 31; i++) {
        guesses.push(
          await t.app.inject({
            method: 'POST',
            url: '/auth/v1/token?grant_type=password',
            headers: { apikey: org.publishableKey },
            payload: { email: fan.user.email, password: `wrong-guess-${i}` },
            remoteAddress: `10.0.1.${i}`,
          }),
        );
      }
      expect(guesses.map((g) => g.statusCode)).toEqual([...Array(30).fill(400), 429]);
      // The window passes with the clock.
      t.clock.advance(5 * 60_000);
      expect((await fromIp('10.0.0.1', newEmail())).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('id_token grant: a token from a configured issuer signs in, links an identity, checks the nonce', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    const issuer = 'https://accounts.example.com';
    const t = await createTestApp({
      AUTH_OIDC_PROVIDERS: JSON.stringify([
        { provider: 'example', issuer, jwks: { keys: [jwk] }, clientIds: ['paddock-web'] },
      ]),
    });
    try {
      const org = await createOrg(t);
      const email = newEmail();
      const idToken = (claims: Record<string, unknown>, aud = 'paddock-web') =>
        new SignJWT({ email, email_verified: true, ...claims })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(aud)
          .setSubject('subject-123')
          .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000))
          .setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 600)
          .sign(privateKey);
      const wrongAud = await authCall(t, org, 'POST', '/token?grant_type=id_token', {
        provider: 'example',
        id_token: await idToken({}, 'other'),
      });
      expect([wrongAud.statusCode, wrongAud.json().error]).toEqual([400, 'invalid request']);
      const nonce = 'n-0S6_WzA2Mj';
      const hashed = createHash('sha256').update(nonce).digest('hex');
      const badNonce = await authCall(t, org, 'POST', '/token?grant_type=id_token', {
        provider: 'example',
        id_token: await idToken({ nonce: hashed }),
        nonce: 'other',
      });
      expect(badNonce.statusCode).toBe(400);
      const ok = await authCall(t, org, 'POST', '/token?grant_type=id_token', {
        provider: 'example',
        id_token: await idToken({ nonce: hashed }),
        nonce,
      });
      expect(ok.statusCode).toBe(200);
      const user = ok.json().user;
      expect(user.email).toBe(email);
      expect(user.identities.map((i: { provider: string }) => i.provider).sort()).toEqual([
        'email',
        'example',
      ]);
      const again = await authCall(t, org, 'POST', '/token?grant_type=id_token', {
        provider: 'example',
        id_token: await idToken({}),
      });
      expect(again.json().user.id).toBe(user.id);
      const external = user.identities.find((i: { provider: string }) => i.provider === 'example');
      const auth = { authorization: `Bearer ${again.json().access_token}` };
      const unlinked = await authCall(
        t,
        org,
        'DELETE',
        `/user/identities/${external.identity_id}`,
        undefined,
        auth,
      );
      expect(unlinked.statusCode).toBe(200);
      const left = (await authCall(t, org, 'GET', '/user', undefined, auth)).json();
      expect(left.identities.map((i: { provider: string }) => i.provider)).toEqual(['email']);
    } finally {
      await t.close();
    }
  }, 120_000);
});
