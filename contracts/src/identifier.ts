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
  if (kind === 'email') return { email: canonicalEmail(value) };
  if (kind === 'phone') return { phone: normalisePhone(value) };
  return null;
}

/**
 * The one spelling of an e-mail address: trimmed (spaces, tabs, line breaks) and lower-cased.
 * The server looks accounts up AND counts throttled attempts with it, so `" EMAIL"` and
 * `"email\t"` are the same account to both (decision 014).
 */
export function canonicalEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The one spelling of a phone number: E.164 digits without "+", spaces, brackets or dashes. */
export function canonicalPhone(value: string): string {
  return value.replace(/[\s()-]/g, '').replace(/^\+/, '');
}

/** The canonical form of whichever identifier this is (an e-mail has an "@"). */
export function canonicalIdentifier(value: string): string {
  return value.includes('@') ? canonicalEmail(value) : canonicalPhone(value);
}
