import { z } from 'zod';

/**
 * Boosts (product §12.2): a time-boxed multiplier on a kind of earning, for the whole organization
 * (a race weekend) or one fan (granted by an activation badge). product §3 lists boosts in the
 * fan's interface state. Fan API `GET /api/boosts`; operator API `/api/admin/boosts`.
 */

const isoDate = z.iso.datetime({ offset: true });

/** Which awards a boost multiplies; 'all' = challenges, content and check-in. */
export const boostEarningSchema = z.enum(['all', 'challenges', 'content', 'checkin']);
export type BoostEarning = z.infer<typeof boostEarningSchema>;

export const boostMultiplierSchema = z
  .number()
  .gt(1, 'a boost multiplies by more than 1')
  .max(10)
  .refine((m) => Math.round(m * 100) === m * 100, 'at most two decimals, e.g. 1.5');

export const boostSchema = z.object({
  boostId: z.uuid(),
  /** e.g. "race-weekend boost"; the ledger line says "×2 race-weekend boost". */
  name: z.string(),
  multiplier: z.number(),
  earning: boostEarningSchema,
  /** organization: every fan; personal: this fan only (e.g. from a badge). */
  scope: z.enum(['organization', 'personal']),
  startsAt: isoDate,
  endsAt: isoDate,
  status: z.enum(['active', 'upcoming']),
  /** "×2 race-weekend boost" */
  label: z.string(),
});
export type Boost = z.infer<typeof boostSchema>;

/** Active boosts first (ending soonest), then upcoming ones (starting soonest). */
export const boostListSchema = z.array(boostSchema);

// ── Operator ─────────────────────────────────────────────────────────────────────────────

export const adminBoostSchema = z.object({
  boostId: z.uuid(),
  name: z.string(),
  multiplier: z.number(),
  earning: boostEarningSchema,
  /** null = the whole organization. */
  userId: z.uuid().nullable(),
  /** The badge whose template granted it, or null for an operator's boost. */
  badgeId: z.uuid().nullable(),
  startsAt: isoDate,
  endsAt: isoDate,
  status: z.enum(['upcoming', 'active', 'ended']),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminBoost = z.infer<typeof adminBoostSchema>;
export const adminBoostListSchema = z.array(adminBoostSchema);

const boostFields = {
  name: z.string().trim().min(1).max(80),
  multiplier: boostMultiplierSchema,
  earning: boostEarningSchema,
  userId: z.uuid().nullable(),
  startsAt: isoDate,
  endsAt: isoDate,
};

export const adminBoostCreateSchema = z
  .object({
    ...boostFields,
    earning: boostFields.earning.default('all'),
    userId: boostFields.userId.optional(),
  })
  .strict()
  .refine((b) => new Date(b.endsAt) > new Date(b.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });
export type AdminBoostCreate = z.infer<typeof adminBoostCreateSchema>;

export const adminBoostUpdateSchema = z.object(boostFields).partial().strict();
export type AdminBoostUpdate = z.infer<typeof adminBoostUpdateSchema>;

/** The 422 refusals of the operator's boosts. */
export const BOOST_ADMIN_REFUSALS = ['fan_not_found', 'invalid_window'] as const;
export type BoostAdminRefusal = (typeof BOOST_ADMIN_REFUSALS)[number];
