import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { challengeErrorKey, challengeErrorTitleKey } from './challenge-errors.ts';

describe('challenge errors in clear words (product §8)', () => {
  it('explains each known refusal by its own code', () => {
    expect(challengeErrorKey(new ApiError(422, 'challenge_expired', 'x'))).toBe('errors.challenge_expired');
    expect(challengeErrorKey(new ApiError(422, 'implausible_score', 'x'))).toBe('errors.implausible_score');
  });
  it('falls back to a submission error for an unknown 422 and to sign-in for 401', () => {
    expect(challengeErrorKey(new ApiError(422, 'something_new', 'x'))).toBe('errors.submission');
    expect(challengeErrorKey(new ApiError(401, 'unauthorized', 'x'))).toBe('errors.sign_in');
  });
  it('falls back to a generic message for network failures', () => {
    expect(challengeErrorKey(new TypeError('Failed to fetch'))).toBe('errors.generic');
  });
  it('titles a wrong keyword as a miss, not as a failure to save', () => {
    expect(challengeErrorTitleKey(new ApiError(422, 'wrong_keyword', 'x'))).toBe('errors.missTitle');
    expect(challengeErrorTitleKey(new ApiError(422, 'challenge_expired', 'x'))).toBe('errors.title');
    expect(challengeErrorTitleKey(new TypeError('Failed to fetch'))).toBe('errors.title');
  });
});
