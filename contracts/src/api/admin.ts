import { z } from 'zod';

/**
 * Operator API (/api/admin, product §11): fans, audit log, organization settings, ranks, consent
 * types, uploads and dashboard statistics. The web console and the server share these shapes.
 */

/** A page of results; `nextCursor` is null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const adminFanSummarySchema = z.object({
  userId: z.uuid(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('The sign-in phone, else the profile phone number'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  points: z.number().int(),
  lifetimePoints: z.number().int(),
  roles: z.array(z.string()),
  blocked: z.boolean().describe('banned_until is in the future: the fan cannot sign in or earn'),
  createdAt: z.string(),
});
export type AdminFanSummary = z.infer<typeof adminFanSummarySchema>;

export const adminFanSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Part of an e-mail, phone or name'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().describe('Opaque cursor from the previous page'),
});

export const adminFanDetailSchema = adminFanSummarySchema.extend({
  birthday: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  bannedUntil: z.string().nullable(),
  rank: z.object({ code: z.string(), name: z.string() }).nullable(),
  badges: z.array(z.object({ id: z.string(), name: z.string(), grantedAt: z.string().nullable() })),
  entries: z.array(z.object({ sweepstakeId: z.string(), name: z.string(), count: z.number().int() })),
});
export type AdminFanDetail = z.infer<typeof adminFanDetailSchema>;

export const adminTransactionSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  kind: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const ADJUST_REASON = { min: 3, max: 500 } as const;

export const adjustPointsSchema = z
  .object({
    amount: z
      .number()
      .int('must be a whole number')
      .refine((n) => n !== 0, 'must not be zero')
      .refine((n) => Math.abs(n) <= 1_000_000, 'must be at most 1,000,000 either way'),
    reason: z
      .string()
      .trim()
      .min(ADJUST_REASON.min, `must be at least ${ADJUST_REASON.min} characters`)
      .max(ADJUST_REASON.max, `must be at most ${ADJUST_REASON.max} characters`),
  })
  .strict();

export const adjustPointsResultSchema = z.object({
  transactionId: z.uuid(),
  points: z.number().int(),
  lifetimePoints: z.number().int(),
});

export const ADMIN_ROLES = ['operator', 'admin'] as const;
export const setRolesSchema = z.object({ roles: z.array(z.enum(ADMIN_ROLES)).max(2) }).strict();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  action: z.string().trim().max(100).optional().describe('Exact action, e.g. fan.adjust_points'),
  actor: z.string().trim().max(200).optional().describe('Actor user id or part of their e-mail'),
  target: z.string().trim().max(200).optional().describe('Target id'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour such as #e10600');

export const isValidTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const organizationSettingsSchema = z.object({
  organizationId: z.uuid(),
  slug: z.string(),
  name: z.string(),
  publishableKey: z.string(),
  timeZone: z.string(),
  branding: z.object({
    primaryColor: z.string().nullable(),
    accentColor: z.string().nullable(),
    backgroundColor: z.string().nullable(),
    logoMediaId: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  loggedOffDashboard: z.boolean(),
  /** Where the terms of use and the privacy policy live (product §10.12); null until set. */
  termsUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  internalEmailDomains: z.array(z.string()),
  hiddenChallengeIds: z.array(z.string()),
  checkinRewards: z.array(z.number().int()),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

export const organizationPatchSchema = z
  .object({
    name: z.string().trim().min(2).max(100),
    timeZone: z.string().max(100).refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London'),
    branding: z
      .object({
        primaryColor: hexColour,
        accentColor: hexColour,
        backgroundColor: hexColour,
        logoMediaId: z.uuid().nullable(),
      })
      .partial()
      .strict(),
    loggedOffDashboard: z.boolean(),
    termsUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable(),
    privacyUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable(),
    internalEmailDomains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain such as paddock.demo'),
      )
      .max(20),
    hiddenChallengeIds: z.array(z.uuid()).max(200),
    checkinRewards: z.array(z.number().int().positive().max(100_000)).min(1).max(31),
  })
  .partial()
  .strict();

export const rankRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  minPoints: z.number().int(),
  benefits: z.string().nullable(),
});

export const RANK_ORDER = ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'] as const;

/** PUT /api/admin/ranks: all ten ranks P10 → P1 with strictly increasing thresholds (P10 at 0). */
export const ranksPutSchema = z
  .object({
    ranks: z
      .array(
        z
          .object({
            code: z.enum(RANK_ORDER),
            name: z.string().trim().min(1).max(60),
            minPoints: z.number().int().min(0).max(100_000_000),
            benefits: z.string().trim().max(1000).nullable().optional(),
          })
          .strict(),
      )
      .length(10, 'must list the ten ranks P10 … P1'),
  })
  .strict()
  .superRefine((v, ctx) => {
    v.ranks.forEach((r, i) => {
      if (r.code !== RANK_ORDER[i])
        ctx.addIssue({ code: 'custom', path: ['ranks', i, 'code'], message: `must be ${RANK_ORDER[i]}` });
      const prev = v.ranks[i - 1];
      if (prev && r.minPoints <= prev.minPoints)
        ctx.addIssue({
          code: 'custom',
          path: ['ranks', i, 'minPoints'],
          message: 'thresholds must increase strictly from P10 to P1',
        });
    });
    if (v.ranks[0] && v.ranks[0].minPoints !== 0)
      ctx.addIssue({ code: 'custom', path: ['ranks', 0, 'minPoints'], message: 'P10 starts at 0' });
  });

export const consentTypeSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  required: z.boolean(),
  sortOrder: z.number().int(),
});
export type ConsentType = z.infer<typeof consentTypeSchema>;

export const consentTypeCreateSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{1,49}$/, 'must be lower_snake_case, 2–50 characters'),
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(1000).default(''),
    required: z.boolean().default(false),
    sortOrder: z.number().int().min(0).max(1000).default(0),
  })
  .strict();
export const consentTypePatchSchema = consentTypeCreateSchema.omit({ key: true }).partial().strict();

export const MEDIA_PURPOSES = ['image', 'video', 'pdf'] as const;
export const MEDIA_LIMITS = {
  image: 5 * 1024 * 1024,
  pdf: 10 * 1024 * 1024,
  video: 50 * 1024 * 1024,
} as const;
export const mediaUploadResultSchema = z.object({
  mediaId: z.uuid(),
  url: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
});

export const statsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD in the organization’s time zone'),
      issued: z.number().int(),
      spent: z.number().int(),
      activeFans: z.number().int(),
    }),
  ),
  participation: z.array(
    z.object({ challengeId: z.string(), name: z.string(), subtype: z.string(), responses: z.number().int() }),
  ),
  totals: z.object({ fans: z.number().int(), issued: z.number().int(), spent: z.number().int() }),
});
export type AdminStats = z.infer<typeof statsSchema>;

/** GET /api/admin/challenges/{id}/results: what fans answered, always visible to operators. */
export const challengeResultsSchema = z.object({
  challengeId: z.uuid(),
  totalResponses: z.number().int(),
  completedResponses: z.number().int(),
  options: z.array(
    z.object({
      index: z.number().int(),
      text: z.string(),
      votes: z.number().int(),
      percent: z.number().int(),
    }),
  ),
  questions: z.array(
    z.object({
      questionId: z.uuid(),
      text: z.string(),
      answers: z.number().int(),
      correct: z.number().int(),
    }),
  ),
});
export type ChallengeResults = z.infer<typeof challengeResultsSchema>;

/** The refusals of the operator's organization settings and fan support. */
export const ADMIN_REFUSALS = [
  'not_an_image',
  'unknown_media',
  'cannot_block_self',
  'cannot_demote_self',
] as const;
export type AdminRefusal = (typeof ADMIN_REFUSALS)[number];
