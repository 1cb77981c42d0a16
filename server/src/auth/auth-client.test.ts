import { randomUUID } from 'node:crypto';
import { AuthClient, type AuthChangeEvent } from '@supabase/auth-js';
import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../db/schema.ts';
import { createFan, createOrg, useTestApp } from '../test/test-app.ts';

/**
 * The official client (@supabase/auth-js, the auth half of supabase-js) against the server on
 * a loopback port: issue 2's auth journeys end to end. The test clock is set to real time
 * because the client checks token expiry against the wall clock.
 */
const t = useTestApp({ AUTH_RATE_LIMIT_SCALE: '100' });
let base: string;
let org: Organization;
let other: Organization;

beforeAll(async () => {
  t.clock.set(new Date());
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  org = await createOrg(t);
  other = await createOrg(t);
});

function client(o: Organization = org, opts: { flowType?: 'pkce' | 'implicit'; apikey?: string } = {}) {
  const c = new AuthClient({
    url: `${base}/auth/v1`,
    headers: { apikey: opts.apikey ?? o.publishableKey },
    persistSession: false,
    autoRefreshToken: false,
    flowType: opts.flowType ?? 'implicit',
  });
  const events: AuthChangeEvent[] = [];
  c.onAuthStateChange((event) => {
    events.push(event);
  });
  return { c, events };
}

const newEmail = () => `fan-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'grid-walk-7431';

async function lastMessage(recipient: string) {
  const row = await t.db
    .selectFrom('outbox')
    .select(['payload', 'body', 'channel'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.payload as { code: string; link: string | null; kind: string };
}

async function signedUp(email = newEmail(), password = PASSWORD) {
  const { c, events } = client();
  const { data, error } = await c.signUp({ email, password });
  expect(error).toBeNull();
  return { c, events, email, password, userId: data.user!.id };
}

describe('sign-up, sign-in, user, refresh (supabase auth-js)', () => {
  it('signUp returns a session (autoconfirm) and emits SIGNED_IN; getUser answers the user', async () => {
    const { c, events } = client();
    const email = newEmail();
    const { data, error } = await c.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Lando' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toEqual({ first_name: 'Lando' });
    expect(data.user?.identities?.[0]?.provider).toBe('email');
    expect(events).toContain('SIGNED_IN');
    const { data: got } = await c.getUser();
    expect(got.user?.id).toBe(data.user?.id);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', data.user!.id)
      .executeTakeFirstOrThrow();
    expect(row.firstName).toBe('Lando');
    expect(row.referralCode).toMatch(/^[A-Z0-9]+$/);
    expect(row.encryptedPassword).toMatch(/^\$argon2id\$/);
  });

  it('a duplicate sign-up is 422 user_already_exists', async () => {
    const { email } = await signedUp();
    const { error } = await client().c.signUp({ email, password: PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
  });

  it('a referral code in data.ref sets referred_by to the referrer of the same organization', async () => {
    const referrer = await signedUp();
    const code = (
      await t.db
        .selectFrom('users')
        .select('referralCode')
        .where('id', '=', referrer.userId)
        .executeTakeFirstOrThrow()
    ).referralCode;
    const { data } = await client().c.signUp({
      email: newEmail(),
      password: PASSWORD,
      options: { data: { ref: code } },
    });
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', data.user!.id)
      .executeTakeFirstOrThrow();
    expect(row.referredBy).toBe(referrer.userId);
    expect(row.userMetadata).toEqual({});
    // The same code used in another organization refers nobody.
    const { data: elsewhere } = await client(other).c.signUp({
      email: newEmail(),
      password: PASSWORD,
      options: { data: { ref: code } },
    });
    const row2 = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', elsewhere.user!.id)
      .executeTakeFirstOrThrow();
    expect(row2.referredBy).toBeNull();
  });

  it('signInWithPassword, refreshSession (TOKEN_REFRESHED, same session), wrong password refused', async () => {
    const { email } = await signedUp();
    const { c, events } = client();
    const bad = await c.signInWithPassword({ email, password: 'not-the-password' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('invalid_credentials');
    const { data, error } = await c.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(events).toContain('SIGNED_IN');
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'authenticated', role: 'authenticated', aal: 'aal1', email });
    expect(claims.amr[0].method).toBe('password');
    const refreshed = await c.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(data.session!.refresh_token);
    expect(events).toContain('TOKEN_REFRESHED');
    const claims2 = JSON.parse(
      Buffer.from(refreshed.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    );
    expect(claims2.session_id).toBe(claims.session_id);
  });

  it('a reused refresh token within 10 s answers the live token; later it revokes the family', async () => {
    const { email } = await signedUp();
    const { c } = client();
    const { data } = await c.signInWithPassword({ email, password: PASSWORD });
    const first = data.session!.refresh_token;
    const second = (await c.refreshSession({ refresh_token: first })).data.session!.refresh_token;
    // A client that lost the response retries with the superseded token: same live token back.
    const retry = await c.refreshSession({ refresh_token: first });
    expect(retry.data.session?.refresh_token).toBe(second);
    t.clock.advance(11_000);
    const reuse = await c.refreshSession({ refresh_token: first });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    // The whole family is gone: the live token no longer works either.
    const live = await client().c.refreshSession({ refresh_token: second });
    expect(live.error?.code).toBe('refresh_token_not_found');
    const { error: userError } = await c.getUser(data.session!.access_token);
    expect(userError?.name).toBe('AuthSessionMissingError');
  });

  it('an expired access token is refused with 403 bad_jwt', async () => {
    const { c } = await signedUp();
    const { data } = await c.getSession();
    t.clock.advance(3601_000);
    const { error } = await c.getUser(data.session!.access_token);
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
    t.clock.set(new Date());
  });

  it('a wrong apikey is refused with 401', async () => {
    const { email } = await signedUp();
    const { error } = await client(org, { apikey: 'pk_unknown' }).c.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(error?.status).toBe(401);
  });

  it('a weak password is 422 weak_password with reasons', async () => {
    const short = await client().c.signUp({ email: newEmail(), password: 'short1' });
    expect(short.error?.status).toBe(422);
    expect(short.error?.code).toBe('weak_password');
    expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    const common = await client().c.signUp({ email: newEmail(), password: 'password123' });
    expect(common.error?.code).toBe('weak_password');
    expect((common.error as unknown as { reasons: string[] }).reasons).toEqual(['pwned']);
  });
});

describe('passwordless, PKCE and recovery', () => {
  it('signInWithOtp + verifyOtp with the 6-digit code from the outbox', async () => {
    const email = newEmail();
    const { c, events } = client();
    const sent = await c.signInWithOtp({ email, options: { data: { first_name: 'Oscar' } } });
    expect(sent.error).toBeNull();
    const mail = await lastMessage(email);
    expect(mail.code).toMatch(/^\d{6}$/);
    const wrong = await c.verifyOtp({
      email,
      token: mail.code === '000000' ? '111111' : '000000',
      type: 'email',
    });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await c.verifyOtp({ email, token: mail.code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    // A code works once.
    const again = await client().c.verifyOtp({ email, token: mail.code, type: 'email' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('PKCE: the link redirects with ?code= and exchangeCodeForSession signs in', async () => {
    const email = newEmail();
    const { c, events } = client(org, { flowType: 'pkce' });
    await c.signInWithOtp({ email, options: { emailRedirectTo: `${base}/welcome` } });
    const mail = await lastMessage(email);
    const link = new URL(mail.link!);
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${base}/welcome`);
    const code = location.searchParams.get('code')!;
    const { data, error } = await c.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(events).toContain('SIGNED_IN');
    // The code is single-use.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      headers: { apikey: org.publishableKey },
      payload: { auth_code: code, code_verifier: 'x'.repeat(43) },
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().code).toBe('flow_state_not_found');
  });

  it('an implicit link redirects with the session in the fragment; a used link redirects with an error', async () => {
    const email = newEmail();
    await client().c.signInWithOtp({ email });
    const link = new URL((await lastMessage(email)).link!);
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(303);
    const fragment = new URLSearchParams((res.headers.location as string).split('#')[1]);
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('token_type')).toBe('bearer');
    const reused = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const err = new URLSearchParams((reused.headers.location as string).split('#')[1]);
    expect(err.get('error_code')).toBe('otp_expired');
  });

  it('resetPasswordForEmail + verifyOtp(recovery) emits PASSWORD_RECOVERY; updateUser sets the new password', async () => {
    const { email } = await signedUp();
    const { c, events } = client();
    expect((await c.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await lastMessage(email);
    expect(mail.kind).toBe('recovery');
    const { error } = await c.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    const updated = await c.updateUser({ password: 'new-pit-lane-2093' });
    expect(updated.error).toBeNull();
    expect(events).toContain('USER_UPDATED');
    expect((await client().c.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client().c.signInWithPassword({ email, password: 'new-pit-lane-2093' })).error).toBeNull();
    // Unknown addresses get the same empty answer.
    expect((await c.resetPasswordForEmail(newEmail())).error).toBeNull();
  });

  it('PKCE recovery: exchanging the code emits PASSWORD_RECOVERY', async () => {
    const { email } = await signedUp();
    const { c, events } = client(org, { flowType: 'pkce' });
    await c.resetPasswordForEmail(email, { redirectTo: `${base}/reset` });
    const link = new URL((await lastMessage(email)).link!);
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const code = new URL(res.headers.location as string).searchParams.get('code')!;
    const { error } = await c.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
  });
});

describe('updateUser, reauthenticate, e-mail change', () => {
  it('password change with the nonce from reauthenticate; a wrong nonce is 422; other sessions end', async () => {
    const { c, email } = await signedUp();
    const elsewhere = client();
    await elsewhere.c.signInWithPassword({ email, password: PASSWORD });
    expect((await c.reauthenticate()).error).toBeNull();
    const mail = await lastMessage(email);
    expect(mail.kind).toBe('reauthentication');
    const wrong = await c.updateUser({
      password: 'brake-bias-5512',
      nonce: mail.code === '123456' ? '654321' : '123456',
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const same = await c.updateUser({ password: PASSWORD, nonce: mail.code });
    expect(same.error?.code).toBe('same_password');
    const ok = await c.updateUser({ password: 'brake-bias-5512', nonce: mail.code });
    expect(ok.error).toBeNull();
    const { data } = await elsewhere.c.getSession();
    expect((await elsewhere.c.getUser(data.session!.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    expect((await client().c.signInWithPassword({ email, password: 'brake-bias-5512' })).error).toBeNull();
  });

  it('a session older than 24 h needs the nonce (400 reauthentication_needed)', async () => {
    const { c } = await signedUp();
    t.clock.advance(25 * 3600_000);
    await c.refreshSession();
    const { error } = await c.updateUser({ password: 'late-apex-8842' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('reauthentication_needed');
    t.clock.set(new Date());
  });

  it('data merges into user_metadata (null deletes a key) and emits USER_UPDATED', async () => {
    const { c, events } = await signedUp();
    await c.updateUser({ data: { team: 'red', number: 4 } });
    const { data } = await c.updateUser({ data: { number: null, nickname: 'L' } });
    expect(data.user?.user_metadata).toEqual({ team: 'red', nickname: 'L' });
    expect(events.filter((e) => e === 'USER_UPDATED')).toHaveLength(2);
  });

  it('e-mail change waits for the code sent to the new address', async () => {
    const { c, email } = await signedUp();
    const target = newEmail();
    const { data, error } = await c.updateUser({ email: target });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(target);
    expect(data.user?.email_change_sent_at).toBeTruthy();
    const mail = await lastMessage(target);
    const verified = await c.verifyOtp({ email: target, token: mail.code, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect((await c.getUser()).data.user?.email).toBe(target);
    expect((await c.getUser()).data.user?.new_email).toBeUndefined();
    expect((await client().c.signInWithPassword({ email: target, password: PASSWORD })).error).toBeNull();
  });
});

describe('TOTP MFA', () => {
  it('enroll → challenge → verify gives aal2 (MFA_CHALLENGE_VERIFIED); unenroll drops to aal1', async () => {
    const { c, events } = await signedUp();
    const enrolled = await c.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.totp.qr_code).toContain('<svg');
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });

    const conflict = await c.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    expect(conflict.error?.code).toBe('mfa_factor_name_conflict');

    const challenge = await c.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const badCode = totp.generate({ timestamp: t.clock.now().getTime() + 5 * 60_000 });
    const bad = await c.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: badCode });
    expect(bad.error?.code).toBe('mfa_verification_failed');
    const code = totp.generate({ timestamp: t.clock.now().getTime() });
    const verified = await c.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const aal = await c.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    const listed = await c.mfa.listFactors();
    expect(listed.data?.totp.map((f) => f.id)).toEqual([factor.id]);
    // A challenge verifies once.
    const replay = await c.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(replay.error?.code).toBe('mfa_challenge_expired');

    const gone = await c.mfa.unenroll({ factorId: factor.id });
    expect(gone.error).toBeNull();
    await c.refreshSession();
    expect((await c.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
    expect((await c.mfa.listFactors()).data?.all).toHaveLength(0);
  });

  it('an aal1 session of a user with a verified factor cannot unenroll it (422 insufficient_aal)', async () => {
    const { c, email } = await signedUp();
    const factor = (await c.mfa.enroll({ factorType: 'totp' })).data!;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });
    await c.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totp.generate({ timestamp: t.clock.now().getTime() }),
    });
    const aal1 = client();
    await aal1.c.signInWithPassword({ email, password: PASSWORD });
    const { error } = await aal1.c.mfa.unenroll({ factorId: factor.id });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('insufficient_aal');
    const wrongId = await aal1.c.mfa.challenge({ factorId: 'not-a-uuid' });
    expect(wrongId.error?.status).toBe(400);
  });
});

describe('sign-out scopes', () => {
  async function threeSessions() {
    const { email } = await signedUp();
    const clients = [client(), client(), client()];
    for (const x of clients) await x.c.signInWithPassword({ email, password: PASSWORD });
    const tokens = await Promise.all(
      clients.map(async (x) => (await x.c.getSession()).data.session!.access_token),
    );
    const alive = async () => Promise.all(clients.map(async (x, i) => !(await x.c.getUser(tokens[i])).error));
    return { clients, alive };
  }

  it('others ends every session but this one', async () => {
    const { clients, alive } = await threeSessions();
    expect((await clients[0]!.c.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive()).toEqual([true, false, false]);
  });

  it('local ends this session only and emits SIGNED_OUT', async () => {
    const { clients, alive } = await threeSessions();
    await clients[0]!.c.signOut({ scope: 'local' });
    expect(clients[0]!.events).toContain('SIGNED_OUT');
    expect(await alive()).toEqual([false, true, true]);
  });

  it('global ends every session', async () => {
    const { clients, alive } = await threeSessions();
    await clients[1]!.c.signOut({ scope: 'global' });
    expect(await alive()).toEqual([false, false, false]);
  });
});

describe('tenancy', () => {
  it('a fan of A cannot sign in with B’s key, and A’s token is refused by B', async () => {
    const fan = await createFan(t, org);
    const inB = await client(other).c.signInWithPassword({ email: fan.user.email!, password: fan.password });
    expect(inB.error?.code).toBe('invalid_credentials');
    const { data } = await client(org).c.signInWithPassword({
      email: fan.user.email!,
      password: fan.password,
    });
    const token = data.session!.access_token;
    const authB = await client(other).c.getUser(token);
    expect(authB.error?.status).toBe(403);
    const apiB = await t.app.inject({
      method: 'GET',
      url: '/api/organization/current',
      headers: { 'x-organization-token': other.publishableKey, authorization: `Bearer ${token}` },
    });
    expect(apiB.statusCode).toBe(401);
  });
});
