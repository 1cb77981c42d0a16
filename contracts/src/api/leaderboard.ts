import { z } from 'zod';

/** Leaderboard shapes (decision 025): the fan's boards and the operator's view of them. */

export const LEADERBOARD_BOARDS = ['season', 'week', 'weekend', 'friends'] as const;
export const leaderboardBoardSchema = z.enum(LEADERBOARD_BOARDS);
export type LeaderboardBoard = z.infer<typeof leaderboardBoardSchema>;

/** The boards an operator exports: friends boards are per fan, so not among them. */
export const ADMIN_LEADERBOARD_BOARDS = ['season', 'week', 'weekend'] as const;
export const adminLeaderboardBoardSchema = z.enum(ADMIN_LEADERBOARD_BOARDS);
export type AdminLeaderboardBoard = z.infer<typeof adminLeaderboardBoardSchema>;

/** How many fans the top list shows, and how many the "around me" block shows each side. */
export const LEADERBOARD_TOP = 100;
export const LEADERBOARD_AROUND = 3;

export const leaderboardEntrySchema = z.object({
  /** 1 = first; ties on points are broken by who reached the total first. */
  position: z.number().int().min(1),
  /** The fan's id; null for a fan shown as "Fan #…" (under 18 or opted out), except to themselves. */
  userId: z.uuid().nullable(),
  /** The username, or "Fan #123456" (stable, not derived from the id in a way anyone can reverse). */
  username: z.string(),
  avatarUrl: z
    .string()
    .nullable()
    .describe(
      'The avatar: a signed, expiring /files/{mediaId}?exp=…&sig=… (valid 1–2 h, decision 028); null without one and always for "Fan #…"',
    ),
  /** Points earned in the period (spending never lowers them). */
  points: z.number().int(),
  /** True on the caller's own row. */
  isMe: z.boolean(),
  /** True when the fan is shown as "Fan #…" (decision 025). */
  anonymous: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardPeriodSchema = z.object({
  /** `season:2026-03-01`, `week:2026-11-23`, `weekend:<id>`: the period's key. */
  key: z.string(),
  /** The period's first instant (ISO 8601). */
  startsAt: z.string(),
  /** Its end (ISO 8601), or null while it has none (a season runs until the next one starts). */
  endsAt: z.string().nullable(),
  /** The race-weekend window's name; null on other boards. */
  name: z.string().nullable(),
});

/** GET /api/leaderboard/{board}. */
export const leaderboardSchema = z.object({
  board: leaderboardBoardSchema,
  /** The period shown; null on the weekend board before the operator defines any window. */
  period: leaderboardPeriodSchema.nullable(),
  /** The top 100, in order. */
  entries: z.array(leaderboardEntrySchema),
  /** The caller's place: position null while they have earned nothing in the period. */
  me: z.object({ position: z.number().int().min(1).nullable(), points: z.number().int() }),
  /** The caller and up to 3 fans each side of them; empty when they are not on the board. */
  around: z.array(leaderboardEntrySchema),
  /** How many fans are on the board. */
  total: z.number().int().min(0),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** One row of the operator's view and export: real identities (operators support fans). */
export const adminLeaderboardRowSchema = z.object({
  position: z.number().int().min(1),
  userId: z.uuid(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  points: z.number().int(),
  reachedAt: z.string(),
  /** How the public boards show this fan: false → "Fan #…". */
  shownByName: z.boolean(),
});

export const adminLeaderboardQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** A weekend window's id (weekend board only); default: the current or latest one. */
  weekendId: z.uuid().optional(),
});

export const adminLeaderboardSchema = z.object({
  board: adminLeaderboardBoardSchema,
  period: leaderboardPeriodSchema.nullable(),
  items: z.array(adminLeaderboardRowSchema),
  total: z.number().int().min(0),
});
export type AdminLeaderboard = z.infer<typeof adminLeaderboardSchema>;

/** An operator-defined race-weekend window. */
export const weekendWindowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type WeekendWindow = z.infer<typeof weekendWindowSchema>;

export const weekendWindowInputSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  })
  .strict()
  .refine((w) => Date.parse(w.endsAt) > Date.parse(w.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });
export type WeekendWindowInput = z.infer<typeof weekendWindowInputSchema>;

export const weekendWindowListSchema = z.object({ items: z.array(weekendWindowSchema) });

/** The season start (YYYY-MM-DD, organization time zone); null → the calendar year. */
export const leaderboardSettingsSchema = z.object({ seasonStartsOn: z.iso.date().nullable() });
export type LeaderboardSettings = z.infer<typeof leaderboardSettingsSchema>;
export const leaderboardSettingsInputSchema = z.object({ seasonStartsOn: z.iso.date() }).strict();
