import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { authClients, lastMessage, newEmail, PASSWORD } from '../test/auth-fixtures.ts';
import { createFan, useTestApp } from '../test/test-app.ts';

/**
 * The official client (@supabase/auth-js, the auth half of supabase-js) against the server on
 * a loopback port: the auth journeys of auth-compat §5 end to end. The test clock is set to real time
 * because the client checks token expiry against the wall clock.
 */
const t = useTestApp({ AUTH_RATE_LIMIT_SCALE: '100' });
const server = authClients(t);

describe('updateUser, reauthenticate, e-mail change', () => {
  it('password change with the nonce from reauthenticate; a wrong nonce is 422; other sessions end', async () => {
    const { c, email } = await server.signedUp();
    const elsewhere = server.client();
    await elsewhere.c.signInWithPassword({ email, password: PASSWORD });
    expect((await c.reauthenticate()).error).toBeNull();
    const mail = await lastMessage(t, email);
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
    expect(
      (await server.client().c.signInWithPassword({ email, password: 'brake-bias-5512' })).error,
    ).toBeNull();
  });

  it('a session older than 24 h needs the nonce (400 reauthentication_needed)', async () => {
    const { c } = await server.signedUp();
    t.clock.advance(25 * 3600_000);
    await c.refreshSession();
    const { error } = await c.updateUser({ password: 'late-apex-8842' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('reauthentication_needed');
    t.clock.set(new Date());
  });

  it('data merges into user_metadata (null deletes a key) and emits USER_UPDATED', async () => {
    const { c, events } = await server.signedUp();
    await c.updateUser({ data: { team: 'red', number: 4 } });
    const { data } = await c.updateUser({ data: { number: null, nickname: 'L' } });
    expect(data.user?.user_metadata).toEqual({ team: 'red', nickname: 'L' });
    expect(events.filter((e) => e === 'USER_UPDATED')).toHaveLength(2);
  });

  it('e-mail change waits for the code sent to the new address', async () => {
    const { c, email } = await server.signedUp();
    const target = newEmail();
    const { data, error } = await c.updateUser({ email: target });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(target);
    expect(data.user?.email_change_sent_at).toBeTruthy();
    const mail = await lastMessage(t, target);
    const verified = await c.verifyOtp({ email: target, token: mail.code, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect((await c.getUser()).data.user?.email).toBe(target);
    expect((await c.getUser()).data.user?.new_email).toBeUndefined();
    expect(
      (await server.client().c.signInWithPassword({ email: target, password: PASSWORD })).error,
    ).toBeNull();
  });
});

describe('TOTP MFA', () => {
  it('enroll → challenge → verify gives aal2 (MFA_CHALLENGE_VERIFIED); unenroll drops to aal1', async () => {
    const { c, events } = await server.signedUp();
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
    const { c, email } = await server.signedUp();
    const factor = (await c.mfa.enroll({ factorType: 'totp' })).data!;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });
    await c.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totp.generate({ timestamp: t.clock.now().getTime() }),
    });
    const aal1 = server.client();
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
    const { email } = await server.signedUp();
    const clients = [server.client(), server.client(), server.client()];
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
    const fan = await createFan(t, server.org);
    const inB = await server
      .client(server.other)
      .c.signInWithPassword({ email: fan.user.email!, password: fan.password });
    expect(inB.error?.code).toBe('invalid_credentials');
    const { data } = await server.client(server.org).c.signInWithPassword({
      email: fan.user.email!,
      password: fan.password,
    });
    const token = data.session!.access_token;
    const authB = await server.client(server.other).c.getUser(token);
    expect(authB.error?.status).toBe(403);
    const apiB = await t.app.inject({
      method: 'GET',
      url: '/api/organization/current',
      headers: { 'x-organization-token': server.other.publishableKey, authorization: `Bearer ${token}` },
    });
    expect(apiB.statusCode).toBe(401);
  });
});
