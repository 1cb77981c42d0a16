import { credentialOf, DEFAULT_PASSWORD_MIN_LENGTH } from '@paddock/contracts';

/**
 * The in-place sign-up of an activation landing (product §5: an e-mail or a phone together with a
 * password). Pure validation, so the form and its test agree.
 */
export const MIN_PASSWORD_LENGTH = DEFAULT_PASSWORD_MIN_LENGTH;

export interface SignUpInput {
  identifier: string;
  password: string;
}

export type SignUpCredentials = { email: string; password: string } | { phone: string; password: string };

export type SignUpProblem = 'identifier_missing' | 'identifier_invalid' | 'password_short';

/** An e-mail or a phone number (a leading + and digits), and a password long enough. */
export function parseSignUp(
  input: SignUpInput,
): { ok: true; credentials: SignUpCredentials } | { ok: false; problem: SignUpProblem } {
  const identifier = input.identifier.trim();
  if (!identifier) return { ok: false, problem: 'identifier_missing' };
  if (input.password.length < MIN_PASSWORD_LENGTH) return { ok: false, problem: 'password_short' };
  const credential = credentialOf(identifier);
  if (credential) return { ok: true, credentials: { ...credential, password: input.password } };
  return { ok: false, problem: 'identifier_invalid' };
}
