import type { ChallengeRefusal } from '@paddock/contracts/api/challenges';
import type { LedgerRefusal } from '@paddock/contracts/api/ledger';
import { failureKey } from '../../../lib/refusals.ts';
import type catalogue from '../i18n/en.json';

export type ErrorKey = `errors.${keyof (typeof catalogue)['errors'] & string}`;

/**
 * The 422 refusals of POST /challenge (product §8 "challenge submission error"), each with its
 * own words; a defect-only code (`invalid_challenge`) gets the generic "not accepted" sentence.
 */
const REFUSAL_KEYS = {
  challenge_not_visible: 'errors.challenge_not_visible',
  challenge_expired: 'errors.challenge_expired',
  already_answered: 'errors.already_answered',
  invalid_option: 'errors.invalid_option',
  invalid_question: 'errors.invalid_question',
  implausible_score: 'errors.implausible_score',
  wrong_keyword: 'errors.wrong_keyword',
  invalid_challenge: 'errors.submission',
  insufficient_points: 'errors.insufficient_points',
} as const satisfies Record<ChallengeRefusal | LedgerRefusal, ErrorKey>;

/** The catalogue key that explains an error to a fan: a known code, sign-in, or a generic retry. */
export function challengeErrorKey(error: unknown): ErrorKey {
  return failureKey(error, REFUSAL_KEYS, 'errors.submission');
}

/**
 * The toast's title: a wrong keyword or an implausible reaction is a miss, not a failure to save
 * ("We couldn't save that" over a wrong keyword read like an outage).
 */
export function challengeErrorTitleKey(error: unknown): ErrorKey {
  const key = challengeErrorKey(error);
  return key === 'errors.wrong_keyword' || key === 'errors.implausible_score'
    ? 'errors.missTitle'
    : 'errors.title';
}
