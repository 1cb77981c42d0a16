/**
 * Product §5: signing up or in needs an e-mail or a phone together with a password. One rule for
 * every form that asks for them (the landing page and activation landings), so a fan's input is
 * never accepted on one and refused on the other.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9\s()-]{5,19}$/;

/** The server's default minimum (AUTH_PASSWORD_MIN_LENGTH); forms check it before sending. */
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;

export function identifierKind(value: string): 'email' | 'phone' | null {
  const v = value.trim();
  if (EMAIL.test(v)) return 'email';
  if (PHONE.test(v)) return 'phone';
  return null;
}

/** Spaces, brackets and dashes a fan types in a phone number are not part of it. */
export function normalisePhone(value: string): string {
  return value.trim().replace(/[\s()-]/g, '');
}

/** The auth credential for an identifier: a trimmed, lower-cased e-mail or a bare phone number. */
export function credentialOf(value: string): { email: string } | { phone: string } | null {
  const kind = identifierKind(value);
  if (kind === 'email') return { email: value.trim().toLowerCase() };
  if (kind === 'phone') return { phone: normalisePhone(value) };
  return null;
}
