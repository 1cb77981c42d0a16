import { canonicalEmail, canonicalIdentifier, canonicalPhone } from '@paddock/contracts';
import { describe, expect, it } from 'vitest';
import { newEmail } from '../test/auth-fixtures.ts';
import { createFan, createOrg, useTestApp } from '../test/test-app.ts';

// Decision 014: throttles count the identifier as the lookup reads it, and the real peer.
// AUTH_RATE_LIMIT_SCALE 0.1: 3 password guesses per account and 15 per IP per window.
const t = useTestApp({ AUTH_RATE_LIMIT_SCALE: '0.1', RATE_LIMIT_SCALE: '1' });

const spellings = (email: string) => [
  email,
  ` ${email.toUpperCase()}`,
  `${email} `,
  `\t${email}`,
  `${email}\n`,
];

describe('finding 3: the sign-in throttle is bypassed by whitespace and spoofed X-Forwarded-For', () => {
  it('one canonical spelling for lookups and throttles', () => {
    for (const s of spellings('fan@example.com')) expect(canonicalEmail(s)).toBe('fan@example.com');
    expect(canonicalPhone('+1 (555) 010-2030')).toBe('15550102030');
    expect(canonicalIdentifier(' +44 7700 900123 ')).toBe('447700900123');
    expect(canonicalIdentifier('\tFan@Example.com ')).toBe('fan@example.com');
  });

  it('counts " EMAIL", "EMAIL ", "\\tEMAIL" as the same account: once limited, the right password waits too', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const email = fan.user.email as string;
    const signIn = (as: string, password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: org.publishableKey },
        payload: { email: as, password },
        remoteAddress: ip,
      });
    const statuses = [];
    for (const [i, as] of spellings(email).entries())
      statuses.push((await signIn(as, `wrong-${i}`, '10.3.0.1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    for (const as of spellings(email)) {
      const right = await signIn(as, fan.password, '10.3.0.1');
      expect([right.statusCode, right.json().code]).toEqual([429, 'over_request_rate_limit']);
    }
  });

  it('rotating X-Forwarded-For does not open a fresh per-IP budget (TRUST_PROXY off)', async () => {
    const org = await createOrg(t);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: org.publishableKey, 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: newEmail(), password: 'wrong-guess' },
        remoteAddress: '10.3.0.2',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(statuses[15]).toBe(429);
  });

  it('recovery, magic link and sign-up count every spelling of one e-mail together', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const email = fan.user.email as string;
    for (const path of ['/recover', '/otp', '/signup']) {
      const statuses = [];
      for (const [i, as] of spellings(email).entries()) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/auth/v1${path}`,
          headers: { apikey: org.publishableKey },
          payload: path === '/signup' ? { email: as, password: 'grid-walk-7431' } : { email: as },
          remoteAddress: `10.3.1.${i}`,
        });
        statuses.push(res.statusCode);
        t.clock.advance(61_000);
      }
      expect(statuses.slice(3)).toEqual([429, 429]);
    }
  });

  it('phone sign-up and OTP count "+1 555…", "1555…" and "(1) 555-…" together', async () => {
    const org = await createOrg(t);
    const forms = ['+1 555 010 2030', '15550102030', '+1 (555) 010-2030', ' 1-555-010-2030', '+15550102030'];
    const statuses = [];
    for (const [i, phone] of forms.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/otp',
        headers: { apikey: org.publishableKey },
        payload: { phone },
        remoteAddress: `10.3.2.${i}`,
      });
      statuses.push(res.statusCode);
      t.clock.advance(61_000);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe('finding 7: a victim can be locked out by 30 wrong passwords from anyone', () => {
  it('guesses from one address exhaust that address, not the owner: the owner still signs in elsewhere', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const signIn = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: org.publishableKey },
        payload: { email: fan.user.email, password },
        remoteAddress: ip,
      });
    const attacker = [];
    for (let i = 0; i < 5; i++) attacker.push((await signIn(`wrong-${i}`, '10.7.0.66')).statusCode);
    expect(attacker).toEqual([400, 400, 400, 429, 429]);
    expect((await signIn(fan.password, '10.7.0.66')).statusCode).toBe(429);
    const owner = await signIn(fan.password, '10.7.0.10');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().access_token).toBeTruthy();
  });
});

describe('finding 7: sign-up tells whether an e-mail exists', () => {
  const off = useTestApp({ AUTH_AUTOCONFIRM: 'false' });

  it('with confirmation on, a taken address gets the same answer as a new one and its owner a notice', async () => {
    const org = await createOrg(off);
    const owner = await createFan(off, org);
    const signUp = (email: string) =>
      off.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { apikey: org.publishableKey },
        payload: { email, password: 'grid-walk-7431' },
      });
    const fresh = await signUp(newEmail());
    const taken = await signUp(` ${(owner.user.email as string).toUpperCase()}`);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(taken.json().id).not.toBe(owner.user.id);
    const notice = await off.db
      .selectFrom('outbox')
      .select(['payload', 'body'])
      .where('recipient', '=', owner.user.email as string)
      .executeTakeFirstOrThrow();
    expect(notice.payload).toMatchObject({ kind: 'existing_account_notice', code: null, link: null });
  });

  it('with autoconfirm on, GoTrue answers 422 user_already_exists (decision 028 follows it)', async () => {
    const org = await createOrg(t);
    const owner = await createFan(t, org);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: org.publishableKey },
      payload: { email: owner.user.email, password: 'grid-walk-7431' },
      remoteAddress: '10.7.1.1',
    });
    expect([res.statusCode, res.json().code]).toEqual([422, 'user_already_exists']);
  });
});
