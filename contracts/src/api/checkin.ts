import { z } from 'zod';

/** Daily check-in shapes (product §3 "Check-in", §7 GET/POST /checkin). */

export const checkinStatusSchema = z.object({
  /** The current streak in consecutive calendar days (organization time zone); 0 after a missed day. */
  days: z.number().int().min(0),
  /** True when the fan has not checked in yet today. */
  eligibleForCheckin: z.boolean(),
  /** Points the next check-in will pay (today's if eligible, else tomorrow's if the streak continues). */
  nextReward: z.number().int().min(0),
  /** The organization's calendar date the fan last checked in (YYYY-MM-DD), or null. */
  lastCheckinDate: z.string().nullable(),
});
export type CheckinStatus = z.infer<typeof checkinStatusSchema>;

export const checkinResultSchema = z.object({
  days: z.number().int().min(1),
  eligibleForCheckin: z.boolean(),
  /** Points paid by this check-in. */
  pointsAwarded: z.number().int().min(0),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** The 422 refusal of a check-in (product §8). */
export const CHECKIN_REFUSALS = ['already_checked_in'] as const;
export type CheckinRefusal = (typeof CHECKIN_REFUSALS)[number];
