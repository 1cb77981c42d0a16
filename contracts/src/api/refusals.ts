import { ACTIVATION_ADMIN_REFUSALS, ACTIVATION_REFUSALS } from './activations.ts';
import { ADMIN_REFUSALS } from './admin.ts';
import { CONTENT_ADMIN_REFUSALS } from './admin-content.ts';
import { BADGE_ADMIN_REFUSALS } from './badges.ts';
import { BOOST_ADMIN_REFUSALS } from './boosts.ts';
import { CHALLENGE_ADMIN_REFUSALS, CHALLENGE_REFUSALS } from './challenges.ts';
import { CHECKIN_REFUSALS } from './checkin.ts';
import { CONSENT_ADMIN_REFUSALS, CONSENT_REFUSALS } from './consent.ts';
import { CONTENT_REFUSALS } from './content.ts';
import { FILES_REFUSALS } from './files.ts';
import { LEDGER_REFUSALS } from './ledger.ts';
import { OFFER_ADMIN_REFUSALS, OFFER_REFUSALS } from './offers.ts';
import { PLATFORM_REFUSALS } from './platform.ts';
import { PROFILE_REFUSALS } from './profile.ts';
import { STORY_ADMIN_REFUSALS, STORY_REFUSALS } from './stories.ts';
import { SWEEPSTAKE_ADMIN_REFUSALS, SWEEPSTAKE_CLAIM_REFUSALS, SWEEPSTAKE_REFUSALS } from './sweepstakes.ts';

/** Refusals of any write that carries an Idempotency-Key (decision 017). */
export const IDEMPOTENCY_REFUSALS = ['idempotency_key_reused', 'idempotency_in_progress'] as const;
export type IdempotencyRefusal = (typeof IDEMPOTENCY_REFUSALS)[number];

/**
 * Every refusal code the server sends with a 422 or 409 (decision 003: `{ code, message }`).
 * Each domain's contract file owns its list; the server's `unprocessable(code)` accepts only
 * these, and the web keys its sentences by the same lists, so a new code without words is a
 * type error on both sides (decision 034).
 */
export const REFUSAL_CODES = [
  ...IDEMPOTENCY_REFUSALS,
  ...LEDGER_REFUSALS,
  ...ACTIVATION_REFUSALS,
  ...ACTIVATION_ADMIN_REFUSALS,
  ...ADMIN_REFUSALS,
  ...BADGE_ADMIN_REFUSALS,
  ...BOOST_ADMIN_REFUSALS,
  ...CHALLENGE_REFUSALS,
  ...CHALLENGE_ADMIN_REFUSALS,
  ...CHECKIN_REFUSALS,
  ...CONSENT_REFUSALS,
  ...CONSENT_ADMIN_REFUSALS,
  ...CONTENT_REFUSALS,
  ...CONTENT_ADMIN_REFUSALS,
  ...FILES_REFUSALS,
  ...OFFER_REFUSALS,
  ...OFFER_ADMIN_REFUSALS,
  ...PLATFORM_REFUSALS,
  ...PROFILE_REFUSALS,
  ...STORY_REFUSALS,
  ...STORY_ADMIN_REFUSALS,
  ...SWEEPSTAKE_REFUSALS,
  ...SWEEPSTAKE_CLAIM_REFUSALS,
  ...SWEEPSTAKE_ADMIN_REFUSALS,
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];
