/**
 * The in-place sign-up of an activation landing (SPEC §5: an e-mail or a phone together with a
 * password). Pure validation, so the form and its test agree.
 */
export const MIN_PASSWORD_LENGTH = 8;

export interface SignUpInput {
  identifier: string;
  password: string;
}

export type SignUpCredentials = { email: string; password: string } | { phone: string; password: string };

export type SignUpProblem = 'identifier_missing' | 'identifier_invalid' | 'password_short';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** An e-mail or a phone number (a leading + and digits), and a password long enough. */
export function parseSignUp(
  input: SignUpInput,
): { ok: true; credentials: SignUpCredentials } | { ok: false; problem: SignUpProblem } {
  const identifier = input.identifier.trim();
  if (!identifier) return { ok: false, problem: 'identifier_missing' };
  if (input.password.length < MIN_PASSWORD_LENGTH) return { ok: false, problem: 'password_short' };
  if (identifier.includes('@')) {
    return EMAIL.test(identifier)
      ? { ok: true, credentials: { email: identifier.toLowerCase(), password: input.password } }
      : { ok: false, problem: 'identifier_invalid' };
  }
  if (PHONE.test(identifier)) {
    const phone = identifier.replace(/[\s()-]/g, '');
    return { ok: true, credentials: { phone, password: input.password } };
  }
  return { ok: false, problem: 'identifier_invalid' };
}
