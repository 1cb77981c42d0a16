import { z } from 'zod';

/** The rank a fan holds, from lifetime points (product §10.1). */
export const rankRefSchema = z.object({
  code: z.string().describe('P10 (entry) … P1 (top)'),
  name: z.string(),
});

/** The next rank above the fan's and the lifetime points still needed; null at the top rank. */
export const nextRankSchema = rankRefSchema.extend({
  pointsNeeded: z.number().int().describe('Lifetime points still needed to reach it'),
});

/** GET /api/user/me: the User of product §3 plus the flags the client needs (product §2, §5, §6). */
export const userSchema = z.object({
  userId: z.uuid(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
  birthday: z.string().nullable().describe('YYYY-MM-DD'),
  properties: z.record(z.string(), z.unknown()),
  avatarUrl: z
    .string()
    .nullable()
    .describe(
      'The avatar: a signed, expiring /files/{mediaId}?exp=…&sig=… (valid 1–2 h, decision 028); or null',
    ),
  points: z.number().int().describe('Spendable balance'),
  lifetimePoints: z.number().int().describe('Every point ever earned; ranks follow it'),
  rank: rankRefSchema.nullable(),
  nextRank: nextRankSchema.nullable(),
  underage: z.boolean().describe('Below 18 on today’s date in the organization’s time zone (product §5)'),
  isNewUser: z.boolean().describe('The profile is not complete yet: the client shows /welcome (product §2)'),
  referralCode: z.string(),
  roles: z.array(z.string()),
  isInternal: z.boolean().describe('E-mail in one of the internal domains: analytics flag only (product §6)'),
  leaderboardVisible: z
    .boolean()
    .describe('Shown by username and avatar on the leaderboards; false → "Fan #…" (decision 025)'),
  untimedMode: z
    .boolean()
    .describe('Timed games run without a clock for this fan, paid by product §10.2.4 item 4 (WCAG 2.2.1)'),
});
export type User = z.infer<typeof userSchema>;

/** Shared field limits, so the web form and the server refuse the same things. */
export const PROFILE_LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  nameMax: 50,
  zipCodeMax: 12,
  propertiesMaxKeys: 50,
  propertyValueMax: 500,
} as const;

const emptyToNull = z.literal('').describe('An empty string is stored as null (product §5)');

const nameField = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(PROFILE_LIMITS.nameMax, `must be at most ${PROFILE_LIMITS.nameMax} characters`)
  .regex(/^[^\p{Cc}<>]+$/u, 'must not contain control characters or < >');

/**
 * PATCH /api/user/me (product §7). Every field optional; unknown fields are refused. Empty
 * phoneNumber, zipCode and birthday are stored as null (product §5). `properties` is merged into
 * the stored object; a key set to null is removed.
 */
export const userUpdateSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(PROFILE_LIMITS.usernameMin, `must be at least ${PROFILE_LIMITS.usernameMin} characters`)
      .max(PROFILE_LIMITS.usernameMax, `must be at most ${PROFILE_LIMITS.usernameMax} characters`)
      .regex(/^[A-Za-z0-9_.-]+$/, 'may contain only letters, digits, _ . and -')
      .nullable(),
    firstName: nameField.nullable(),
    lastName: nameField.nullable(),
    phoneNumber: z
      .union([
        emptyToNull,
        z
          .string()
          .trim()
          .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'must be a phone number such as +44 20 7946 0000'),
      ])
      .nullable(),
    zipCode: z
      .union([
        emptyToNull,
        z
          .string()
          .trim()
          .max(PROFILE_LIMITS.zipCodeMax, `must be at most ${PROFILE_LIMITS.zipCodeMax} characters`)
          .regex(/^[A-Za-z0-9 -]+$/, 'may contain only letters, digits, spaces and -'),
      ])
      .nullable(),
    birthday: z
      .union([emptyToNull, z.iso.date('must be a real date written YYYY-MM-DD')])
      .nullable()
      .describe('YYYY-MM-DD, in the past'),
    properties: z
      .record(
        z.string().min(1).max(64),
        z.union([z.string().max(PROFILE_LIMITS.propertyValueMax), z.number(), z.boolean(), z.null()]),
      )
      .refine((p) => Object.keys(p).length <= PROFILE_LIMITS.propertiesMaxKeys, {
        message: `must have at most ${PROFILE_LIMITS.propertiesMaxKeys} keys`,
      }),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as GB')
      .nullable(),
    leaderboardVisible: z.boolean().describe('false: appear on the leaderboards as "Fan #…" (decision 025)'),
    untimedMode: z.boolean().describe('Untimed mode on or off (product §10.2.4 item 4)'),
  })
  .partial()
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** One line of the fan's points history (GET /api/user/me/transactions). */
export const transactionSchema = z.object({
  id: z.uuid(),
  amount: z.number().int().describe('Positive when earned, negative when spent or reversed'),
  kind: z.string().describe('challenge, checkin, video_view, sweepstake_entry, referral, …'),
  reference: z.string().nullable(),
  description: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionPageSchema = z.object({
  items: z.array(transactionSchema).describe('Newest first'),
  nextCursor: z.string().nullable().describe('Pass as ?cursor= for the next page; null on the last page'),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/**
 * POST /api/user/me/identify: the client tells the server which e-mail the fan gave (e.g. on a
 * logged-off flow) so analytics can link the anonymous visitor to this fan. It only records
 * the e-mail against the caller; it never changes the sign-in e-mail.
 */
export const identifyBodySchema = z.object({ email: z.email('must be an e-mail address').max(254) }).strict();
export const identifyResponseSchema = z.object({
  distinctId: z.uuid().describe('The id to pass to the analytics identify call (the userId)'),
  email: z.string(),
  isInternal: z.boolean(),
});
export type IdentifyResponse = z.infer<typeof identifyResponseSchema>;

/** The 422 refusal of PATCH /api/user/me (product §8). */
export const PROFILE_REFUSALS = ['username_taken'] as const;
export type ProfileRefusal = (typeof PROFILE_REFUSALS)[number];
