import { z } from 'zod';
import { badgeSchema } from './activations.ts';
import { boostEarningSchema, boostMultiplierSchema } from './boosts.ts';

/**
 * The badge wallet (product §12.3): every badge a fan holds — from activations, streak milestones
 * (7/30/100 days), the first pick'em won, season participation — at `GET /api/user/me/badges`,
 * and the operator's badge definitions and milestone rules at `/api/admin/badges`.
 */

const isoDate = z.iso.datetime({ offset: true });

export const MILESTONE_KEYS = [
  'streak_7',
  'streak_30',
  'streak_100',
  'first_pickem_won',
  'season_participation',
] as const;
export const milestoneKeySchema = z.enum(MILESTONE_KEYS);
export type MilestoneKey = z.infer<typeof milestoneKeySchema>;

/** A badge the fan holds: the badge an activation shows, and how and when it was earned. */
export const walletBadgeSchema = badgeSchema.extend({
  /** How it was earned: activation, milestone, manual… */
  how: z.string(),
  /** The same for people: "Activation: Silverstone fan zone", "Checked in 7 days in a row". */
  howText: z.string(),
  earnedAt: isoDate,
});
export type WalletBadge = z.infer<typeof walletBadgeSchema>;

/** Newest first. */
export const walletBadgeListSchema = z.array(walletBadgeSchema);

// ── Operator ─────────────────────────────────────────────────────────────────────────────

/** A badge may carry a boost: earning the badge grants this personal boost from that moment. */
export const badgeBoostTemplateSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    multiplier: boostMultiplierSchema,
    earning: boostEarningSchema,
    durationMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 366),
  })
  .strict();
export type BadgeBoostTemplate = z.infer<typeof badgeBoostTemplateSchema>;

export const adminBadgeSchema = z.object({
  badgeId: z.uuid(),
  name: z.string(),
  description: z.string(),
  imageMediaId: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  /** activation, milestone, manual… */
  source: z.string(),
  /** Set when this badge is an automatic milestone. */
  milestoneKey: milestoneKeySchema.nullable(),
  boost: z
    .object({
      name: z.string(),
      multiplier: z.number(),
      earning: boostEarningSchema,
      durationMinutes: z.number(),
    })
    .nullable(),
  /** Fans holding it. */
  holders: z.number().int().min(0),
  createdAt: isoDate,
});
export type AdminBadge = z.infer<typeof adminBadgeSchema>;
export const adminBadgeListSchema = z.array(adminBadgeSchema);

const badgeFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().max(2000),
  imageMediaId: z.uuid().nullable(),
  boost: badgeBoostTemplateSchema.nullable(),
};

export const adminBadgeCreateSchema = z
  .object({
    ...badgeFields,
    description: badgeFields.description.default(''),
    imageMediaId: badgeFields.imageMediaId.optional(),
    boost: badgeFields.boost.optional(),
  })
  .strict();
export type AdminBadgeCreate = z.infer<typeof adminBadgeCreateSchema>;

export const adminBadgeUpdateSchema = z.object(badgeFields).partial().strict();
export type AdminBadgeUpdate = z.infer<typeof adminBadgeUpdateSchema>;

export const milestoneRuleSchema = z.object({
  key: milestoneKeySchema,
  /** What earns it, e.g. "Check in 7 days in a row". */
  rule: z.string(),
  enabled: z.boolean(),
  badge: adminBadgeSchema,
});
export type MilestoneRule = z.infer<typeof milestoneRuleSchema>;
export const milestoneRuleListSchema = z.array(milestoneRuleSchema);

/** A milestone's badge is edited with the badge's own fields (its boost stays on the badge editor). */
const { name, description, imageMediaId } = badgeFields;
export const milestoneRuleUpdateSchema = z
  .object({ enabled: z.boolean(), name, description, imageMediaId })
  .partial()
  .strict();
export type MilestoneRuleUpdate = z.infer<typeof milestoneRuleUpdateSchema>;

/** The 422 refusal of deleting a badge fans hold. */
export const BADGE_ADMIN_REFUSALS = ['badge_in_use'] as const;
export type BadgeAdminRefusal = (typeof BADGE_ADMIN_REFUSALS)[number];
