import { describe, expect, it } from 'vitest';
import { parseSignUp } from './sign-up-form.ts';

describe('activation sign-up: e-mail or phone with a password (SPEC §5)', () => {
  it('accepts an e-mail, lower-cased', () => {
    expect(parseSignUp({ identifier: ' Fan@Example.com ', password: 'long-enough' })).toEqual({
      ok: true,
      credentials: { email: 'fan@example.com', password: 'long-enough' },
    });
  });
  it('accepts a phone number, without spaces or brackets', () => {
    expect(parseSignUp({ identifier: '+44 (20) 7946-0000', password: 'long-enough' })).toEqual({
      ok: true,
      credentials: { phone: '+442079460000', password: 'long-enough' },
    });
  });
  it('refuses a missing or malformed identifier and a short password', () => {
    expect(parseSignUp({ identifier: '', password: 'long-enough' })).toEqual({
      ok: false,
      problem: 'identifier_missing',
    });
    expect(parseSignUp({ identifier: 'fan@', password: 'long-enough' })).toEqual({
      ok: false,
      problem: 'identifier_invalid',
    });
    expect(parseSignUp({ identifier: 'hello', password: 'long-enough' })).toEqual({
      ok: false,
      problem: 'identifier_invalid',
    });
    expect(parseSignUp({ identifier: 'fan@example.com', password: 'short' })).toEqual({
      ok: false,
      problem: 'password_short',
    });
  });
});
