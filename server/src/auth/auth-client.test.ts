import { describe, expect, it } from 'vitest';
import { authClients, lastMessage, newEmail, PASSWORD } from '../test/auth-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * The official client (@supabase/auth-js, the auth half of supabase-js) against the server on
 * a loopback port: the auth journeys of auth-compat §5 end to end. The test clock is set to real time
 * because the client checks token expiry against the wall clock.
 */
// The client listens on a random loopback port: allow redirects back to it (decision 026).
const t = useTestApp({ AUTH_RATE_LIMIT_SCALE: '100', AUTH_REDIRECT_ALLOW_LIST: 'http://127.0.0.1:*' });
const server = authClients(t);
/** The stored row of a user the client signed up. */
const userRow = (id: string) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('sign-up, sign-in, user, refresh (supabase auth-js)', () => {
  it('signUp returns a session (autoconfirm) and emits SIGNED_IN; getUser answers the user', async () => {
    const { c, events } = server.client();
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
    const row = await userRow(data.user!.id);
    expect(row.firstName).toBe('Lando');
    expect(row.referralCode).toMatch(/^[A-Z0-9]+$/);
    expect(row.encryptedPassword).toMatch(/^\$argon2id\$/);
  });

  it('a duplicate sign-up is 422 user_already_exists', async () => {
    const { email } = await server.signedUp();
    const { error } = await server.client().c.signUp({ email, password: PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
  });

  it('a referral code in data.ref sets referred_by to the referrer of the same organization', async () => {
    const referrer = await server.signedUp();
    const code = (
      await t.db
        .selectFrom('users')
        .select('referralCode')
        .where('id', '=', referrer.userId)
        .executeTakeFirstOrThrow()
    ).referralCode;
    const { data } = await server.client().c.signUp({
      email: newEmail(),
      password: PASSWORD,
      options: { data: { ref: code } },
    });
    const row = await userRow(data.user!.id);
    expect(row.referredBy).toBe(referrer.userId);
    expect(row.userMetadata).toEqual({});
    // The same code used in another organization refers nobody.
    const { data: elsewhere } = await server.client(server.other).c.signUp({
      email: newEmail(),
      password: PASSWORD,
      options: { data: { ref: code } },
    });
    const row2 = await userRow(elsewhere.user!.id);
    expect(row2.referredBy).toBeNull();
  });

  it('signInWithPassword, refreshSession (TOKEN_REFRESHED, same session), wrong password refused', async () => {
    const { email } = await server.signedUp();
    const { c, events } = server.client();
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
    const { email } = await server.signedUp();
    const { c } = server.client();
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
    const live = await server.client().c.refreshSession({ refresh_token: second });
    expect(live.error?.code).toBe('refresh_token_not_found');
    const { error: userError } = await c.getUser(data.session!.access_token);
    expect(userError?.name).toBe('AuthSessionMissingError');
  });

  it('an expired access token is refused with 403 bad_jwt', async () => {
    const { c } = await server.signedUp();
    const { data } = await c.getSession();
    t.clock.advance(3601_000);
    const { error } = await c.getUser(data.session!.access_token);
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
    t.clock.set(new Date());
  });

  it('a wrong apikey is refused with 401', async () => {
    const { email } = await server.signedUp();
    const { error } = await server.client(server.org, { apikey: 'pk_unknown' }).c.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(error?.status).toBe(401);
  });

  it('a weak password is 422 weak_password with reasons', async () => {
    const short = await server.client().c.signUp({ email: newEmail(), password: 'short1' });
    expect(short.error?.status).toBe(422);
    expect(short.error?.code).toBe('weak_password');
    expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    const common = await server.client().c.signUp({ email: newEmail(), password: 'password123' });
    expect(common.error?.code).toBe('weak_password');
    expect((common.error as unknown as { reasons: string[] }).reasons).toEqual(['pwned']);
  });
});

describe('passwordless, PKCE and recovery', () => {
  it('signInWithOtp + verifyOtp with the 6-digit code from the outbox', async () => {
    const email = newEmail();
    const { c, events } = server.client();
    const sent = await c.signInWithOtp({ email, options: { data: { first_name: 'Oscar' } } });
    expect(sent.error).toBeNull();
    const mail = await lastMessage(t, email);
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
    const again = await server.client().c.verifyOtp({ email, token: mail.code, type: 'email' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('PKCE: the link redirects with ?code= and exchangeCodeForSession signs in', async () => {
    const email = newEmail();
    const { c, events } = server.client(server.org, { flowType: 'pkce' });
    await c.signInWithOtp({ email, options: { emailRedirectTo: `${server.base}/welcome` } });
    const mail = await lastMessage(t, email);
    const link = new URL(mail.link!);
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${server.base}/welcome`);
    const code = location.searchParams.get('code')!;
    const { data, error } = await c.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(events).toContain('SIGNED_IN');
    // The code is single-use.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      headers: { apikey: server.org.publishableKey },
      payload: { auth_code: code, code_verifier: 'x'.repeat(43) },
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().code).toBe('flow_state_not_found');
  });

  it('an implicit link redirects with the session in the fragment; a used link redirects with an error', async () => {
    const email = newEmail();
    await server.client().c.signInWithOtp({ email });
    const link = new URL((await lastMessage(t, email)).link!);
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
    const { email } = await server.signedUp();
    const { c, events } = server.client();
    expect((await c.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await lastMessage(t, email);
    expect(mail.kind).toBe('recovery');
    const { error } = await c.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    const updated = await c.updateUser({ password: 'new-pit-lane-2093' });
    expect(updated.error).toBeNull();
    expect(events).toContain('USER_UPDATED');
    expect((await server.client().c.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect(
      (await server.client().c.signInWithPassword({ email, password: 'new-pit-lane-2093' })).error,
    ).toBeNull();
    // Unknown addresses get the same empty answer.
    expect((await c.resetPasswordForEmail(newEmail())).error).toBeNull();
  });

  it('PKCE recovery: exchanging the code emits PASSWORD_RECOVERY', async () => {
    const { email } = await server.signedUp();
    const { c, events } = server.client(server.org, { flowType: 'pkce' });
    await c.resetPasswordForEmail(email, { redirectTo: `${server.base}/reset` });
    const link = new URL((await lastMessage(t, email)).link!);
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const code = new URL(res.headers.location as string).searchParams.get('code')!;
    const { error } = await c.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
  });
});
