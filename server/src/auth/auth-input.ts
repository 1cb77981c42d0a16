import { createHash } from 'node:crypto';
import { canonicalEmail, canonicalPhone } from '@paddock/contracts';
import { authError } from './auth-http.ts';
import type { OneTimeTokenKind } from './auth-tables.ts';

/** What the auth endpoints accept, normalised as GoTrue does (auth-compat §3, §5, §7). */

export const sha256hex = (v: string) => createHash('sha256').update(v).digest('hex');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function normalizeEmail(raw: string): string {
  // The same function keys the throttles (auth-http limit), so no spelling escapes them.
  const email = canonicalEmail(raw);
  if (!EMAIL.test(email) || email.length > 255) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

/** E.164 digits without the "+", as GoTrue stores phones (auth-compat §3). */
export function normalizePhone(raw: string): string {
  const phone = canonicalPhone(raw);
  if (!/^[1-9]\d{7,14}$/.test(phone)) {
    throw authError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return phone;
}

const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}
/** auth-compat §7: both fields or neither. */
export function parsePkce(challenge?: string | null, method?: string | null): PkceParams | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw authError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if ((m !== 's256' && m !== 'plain') || !PKCE_CHALLENGE.test(challenge)) {
    throw authError(400, 'validation_failed', 'Invalid code_challenge or code_challenge_method');
  }
  return { challenge, method: m };
}

/** The /verify `type` values and the token kinds each may consume. */
export const VERIFY_KINDS: Record<string, OneTimeTokenKind[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  email: ['confirmation', 'magiclink'],
  magiclink: ['magiclink', 'confirmation'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  sms: ['phone_confirmation'],
  phone_change: ['phone_change'],
};
