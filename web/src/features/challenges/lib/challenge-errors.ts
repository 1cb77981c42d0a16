import { ApiError } from '../../../lib/api-client.ts';

/** The 422 refusals of POST /challenge (product §8 "challenge submission error"), each with its own words. */
export const KNOWN_CHALLENGE_ERRORS = [
  'challenge_not_visible',
  'challenge_expired',
  'already_answered',
  'invalid_option',
  'invalid_question',
  'implausible_score',
  'wrong_keyword',
  'insufficient_points',
  'attempt_expired',
  'attempt_used',
] as const;

/** The catalogue key that explains an error to a fan: a known code, sign-in, or a generic retry. */
export function challengeErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'errors.sign_in';
    if ((KNOWN_CHALLENGE_ERRORS as readonly string[]).includes(error.code)) return `errors.${error.code}`;
    if (error.status === 422) return 'errors.submission';
  }
  return 'errors.generic';
}
