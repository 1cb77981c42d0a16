import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword } from './common-passwords.ts';
import { authError } from './auth-http.ts';

/** Argon2id (the @node-rs/argon2 default algorithm) with its default cost. */
export const hashPassword = (password: string) => hash(password);

// Verifying against a fixed hash when the account does not exist keeps timing uniform.
const dummy = hash('paddock-dummy-password-for-timing');

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** auth-compat §8 (Paddock): at least AUTH_PASSWORD_MIN_LENGTH, at most 72, not a common password. */
export function assertStrongPassword(password: string, minLength: number) {
  if (password.length > 72) {
    throw authError(422, 'weak_password', 'Password cannot be longer than 72 characters', {
      weak_password: { reasons: ['length'], message: 'Password cannot be longer than 72 characters' },
    });
  }
  if (password.length < minLength) {
    const message = `Password should be at least ${minLength} characters.`;
    throw authError(422, 'weak_password', message, { weak_password: { reasons: ['length'], message } });
  }
  if (isCommonPassword(password)) {
    const message = 'Password is known to be weak and easy to guess, please choose a different one.';
    throw authError(422, 'weak_password', message, { weak_password: { reasons: ['pwned'], message } });
  }
}
