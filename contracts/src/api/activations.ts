import { z } from 'zod';

/**
 * Activations (product §7 `/activations`): an event landing page per slug (e.g. a fan zone at
 * the track), open inside its window; activating grants its badges and bonus points once.
 */

export const badgeSchema = z.object({
  badgeId: z.uuid(),
  name: z.string(),
  description: z.string(),
  imageMediaId: z.uuid().nullable(),
  imageUrl: z.string().nullable().describe('/files/<mediaId>, or null'),
});
export type Badge = z.infer<typeof badgeSchema>;

/** open: inside [startsAt, stopsAt); upcoming: before; closed: after. */
export const activationStatusSchema = z.enum(['upcoming', 'open', 'closed']);
export type ActivationStatus = z.infer<typeof activationStatusSchema>;

export const activationSchema = z.object({
  activationId: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  mediaId: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  startsAt: z.iso.datetime({ offset: true }),
  stopsAt: z.iso.datetime({ offset: true }),
  status: activationStatusSchema,
  /** Points paid once on activation (0 for none). */
  bonusPoints: z.number().int().min(0),
  badges: z.array(badgeSchema),
  /** Whether the signed-in fan has activated it; null for an anonymous caller. */
  activated: z.boolean().nullable(),
});
export type Activation = z.infer<typeof activationSchema>;

export const activationListSchema = z.array(activationSchema);

export const activateUserBodySchema = z
  .object({
    slug: z.string().trim().min(1).max(120),
  })
  .strict();
export type ActivateUserBody = z.infer<typeof activateUserBodySchema>;

/** Badges and points granted by this call: empty and 0 on a repeat (once per fan). */
export const activateUserResultSchema = z.object({
  activationId: z.uuid(),
  badges: z.array(badgeSchema),
  pointsAwarded: z.number().int().min(0),
  /** True when the fan had already activated it before this call. */
  alreadyActivated: z.boolean(),
});
export type ActivateUserResult = z.infer<typeof activateUserResultSchema>;

/** The 422 refusals of the fan's activation sign-up (product §8), each with a sentence on the web. */
export const ACTIVATION_REFUSALS = ['activation_not_open'] as const;
export type ActivationRefusal = (typeof ACTIVATION_REFUSALS)[number];
/** The refusals of the operator's activation editor (the console shows the server's message). */
export const ACTIVATION_ADMIN_REFUSALS = ['unknown_badge', 'unknown_media', 'duplicate_slug'] as const;
export type ActivationAdminRefusal = (typeof ACTIVATION_ADMIN_REFUSALS)[number];
