import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords too common to accept (auth-compat §8). The list is zxcvbn-ts's maintained
 * `passwords-common` dictionary (@zxcvbn-ts/language-common: ~49,000 entries drawn from public
 * breach corpora, lower case), the same one the sign-up form's strength meter uses, so the form
 * and the server agree on what "common" means. On top of it, trivially patterned passwords are
 * refused: one repeated character, a short chunk repeated, or a run of a keyboard or digit walk.
 */
let common: ReadonlySet<string> | null = null;

/** Built on first use: ~49k strings are worth keeping out of start-up. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

const WALKS = [
  '0123456789',
  '9876543210',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
];

/** Common by the dictionary (case-insensitive), or trivially patterned. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return true;
  if (/^(.)\1*$/.test(lower)) return true;
  if (/^(.{1,4})\1+$/.test(lower)) return true;
  return WALKS.some((w) => lower.length >= 6 && w.includes(lower));
}
