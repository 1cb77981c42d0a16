import { z } from 'zod';

/**
 * Points paid once each when a referred fan completes the profile (product §10.8): the
 * referred fan gets a welcome bonus, the referrer a larger thank-you.
 */
export const REFERRAL_REWARDS = { referred: 100, referrer: 200 } as const;

/** GET /api/referral. */
export const referralSchema = z.object({
  code: z.string(),
  link: z.string().describe('The sign-up link to share: <site>/?ref=CODE'),
  referredCount: z.number().int().describe('Fans who signed up with this code'),
  pointsEarned: z.number().int().describe('Referral points this fan has been paid as referrer'),
});
export type Referral = z.infer<typeof referralSchema>;
