import { describe, expect, it } from 'vitest';
import { parseSignUp } from './sign-up-form.ts';

describe('activation sign-up: e-mail or phone with a password (product §5)', () => {
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
  it.each([
    ['a missing identifier', '', 'long-enough', 'identifier_missing'],
    ['a half e-mail', 'fan@', 'long-enough', 'identifier_invalid'],
    ['a word', 'hello', 'long-enough', 'identifier_invalid'],
    ['a short password', 'fan@example.com', 'short', 'password_short'],
  ])('refuses %s', (_case, identifier, password, problem) => {
    expect(parseSignUp({ identifier, password })).toEqual({ ok: false, problem });
  });
});
