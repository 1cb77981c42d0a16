import { z } from 'zod';

// The draw algorithm is pure and shared: re-exported here because contracts/src/index.ts is
// not ours to change and the package only exposes `.` and `./api/*`.
export * from '../sweepstake-draw.ts';

/**
 * Sweepstakes: the fan API (product §7 `/sweepstake`), the public draw verification and the
 * operator API (`/api/admin/sweepstakes`). Dates are ISO 8601 strings in UTC.
 */

/** Product §4: the status follows the dates on the server's clock. */
export const sweepstakeStatusSchema = z.enum(['live', 'coming_soon', 'ended']);
export type SweepstakeStatus = z.infer<typeof sweepstakeStatusSchema>;

const isoDate = z.iso.datetime({ offset: true });
const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code, e.g. GB')
  .describe('ISO 3166-1 alpha-2 country code');

export const sweepstakeWinnerSchema = z.object({
  /** Public display name: first name and last initial, e.g. "Alex R.". */
  displayName: z.string(),
  /** The anonymised entrant id, as in the published entry list. */
  entrant: z.string(),
  /** 1 for the first winner drawn, 2 for the second… */
  position: z.number().int().min(1),
});
export type SweepstakeWinner = z.infer<typeof sweepstakeWinnerSchema>;

/** The signed-in fan's outcome once drawn (product §10.6): won (with how to claim) or not this time. */
export const sweepstakeFanResultSchema = z.object({
  won: z.boolean(),
  /** The winner's draw position; null for a fan who did not win. */
  position: z.number().int().min(1).nullable(),
  /** The last moment a claim is accepted (drawnAt + claimDays); null for a fan who did not win. */
  claimBy: isoDate.nullable(),
  /** When the winner claimed; null until then. */
  claimedAt: isoDate.nullable(),
});
export type SweepstakeFanResult = z.infer<typeof sweepstakeFanResultSchema>;

export const sweepstakeSchema = z.object({
  sweepstakeId: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** What the winners receive, e.g. "Signed helmet". */
  prize: z.string(),
  /** The prize picture (served at /files/{mediaId}). */
  mediaId: z.uuid().nullable(),
  imageUrl: z.string().nullable().describe('/files/<mediaId>, or null'),
  startsAt: isoDate,
  endsAt: isoDate,
  status: sweepstakeStatusSchema,
  /** Points per entry; an entry of `count` costs costPerEntry × count. */
  costPerEntry: z.number().int().min(0),
  /** Per-fan entry cap (paid and free entries together), or null for none. */
  maxEntriesPerFan: z.number().int().min(1).nullable(),
  /** Countries whose fans may enter, or null for everywhere. */
  eligibleCountries: z.array(z.string()).nullable(),
  /** The official rules PDF (/files/<mediaId>), or null. */
  rulesUrl: z.string().nullable(),
  /** How to enter without points (sweepstake law in many places requires a free method). */
  freeEntryInstructions: z.string(),
  /** The signed-in fan's entries so far (paid + free); null for an anonymous caller. */
  userEntries: z.number().int().min(0).nullable(),
  /** The fan's anonymised entrant id in the published entry list; null before entering or anonymous. */
  userEntrant: z.string().nullable(),
  /** Whether the fan already used the free method of entry; null for an anonymous caller. */
  freeEntryUsed: z.boolean().nullable(),
  /** All entries by all fans. */
  totalEntries: z.number().int().min(0),
  /** How many winners the operator plans to draw. */
  winnerCount: z.number().int().min(1),
  /** Commit: SHA-256 (hex) of the secret seed, published from the start. */
  seedHash: z.string(),
  /** Reveal: the seed itself, once drawn; null before. */
  seed: z.string().nullable(),
  /** SHA-256 (hex) of the frozen canonical entry list, once drawn. */
  entriesHash: z.string().nullable(),
  drawnAt: isoDate.nullable(),
  /** Empty until drawn. */
  winners: z.array(sweepstakeWinnerSchema),
  /** What a winner does to receive the prize (the operator's words). */
  claimInstructions: z.string(),
  /** Days after the draw within which a winner must claim. */
  claimDays: z.number().int().min(1),
  /** The signed-in fan's result once drawn, if they entered; null otherwise. */
  userResult: sweepstakeFanResultSchema.nullable(),
  /** Where anyone can check the draw: /api/sweepstake/<id>/verify. */
  verifyUrl: z.string(),
});
export type Sweepstake = z.infer<typeof sweepstakeSchema>;

export const sweepstakeListSchema = z.array(sweepstakeSchema);

/** The most entries one POST /sweepstake/{id}/entry buys; the web's stepper offers no more. */
export const MAX_ENTRIES_PER_CALL = 100;

export const sweepstakeEntryBodySchema = z
  .object({
    /** Entries to buy in one go, 1..MAX_ENTRIES_PER_CALL. */
    count: z.number().int().min(1).max(MAX_ENTRIES_PER_CALL),
  })
  .strict();
export type SweepstakeEntryBody = z.infer<typeof sweepstakeEntryBodySchema>;

/** Answer to a paid entry and to the free entry. */
export const sweepstakeEntryResultSchema = z.object({
  sweepstakeId: z.uuid(),
  /** Entries added by this call. */
  added: z.number().int().min(1),
  /** Points spent by this call (0 for the free entry). */
  pointsSpent: z.number().int().min(0),
  /** The fan's entries in this sweepstake after the call. */
  userEntries: z.number().int().min(1),
  /** The fan's spendable balance after the call. */
  points: z.number().int().min(0),
});
export type SweepstakeEntryResult = z.infer<typeof sweepstakeEntryResultSchema>;

/** One line of the frozen, canonical entry list (sorted by entrant). */
export const drawEntrySchema = z.object({
  /** Anonymised, stable entrant id (not the fan's user id). */
  entrant: z.string(),
  count: z.number().int().min(1),
});
export type DrawEntryDto = z.infer<typeof drawEntrySchema>;

/**
 * GET /api/sweepstake/{id}/verify: everything published about the draw and the draw
 * recomputed from it. `verified` is true only when the seed matches its hash, the entry list
 * matches its hash and the recomputed winners are the stored ones.
 */
export const sweepstakeVerificationSchema = z.object({
  sweepstakeId: z.uuid(),
  drawn: z.boolean(),
  algorithm: z.string().describe('How the draw is computed, so anyone can re-implement it'),
  seedHash: z.string(),
  seed: z.string().nullable(),
  entriesHash: z.string().nullable(),
  entries: z.array(drawEntrySchema),
  winnerCount: z.number().int().min(0),
  /** Stored winners' entrant ids, in draw order. */
  publishedWinners: z.array(z.string()),
  /** Winners recomputed from seed + entry list, in draw order. */
  winners: z.array(z.string()),
  checks: z.object({
    seedMatchesHash: z.boolean(),
    entriesMatchHash: z.boolean(),
    winnersMatch: z.boolean(),
  }),
  verified: z.boolean(),
});
export type SweepstakeVerification = z.infer<typeof sweepstakeVerificationSchema>;

// ---- Operator API (/api/admin/sweepstakes) ----

const adminSweepstakeFields = {
  title: z.string().trim().min(1).max(120),
  description: z.string().max(4000),
  prize: z.string().trim().min(1).max(200),
  mediaId: z.uuid().nullable(),
  rulesMediaId: z.uuid().nullable(),
  startsAt: isoDate,
  endsAt: isoDate,
  costPerEntry: z.number().int().min(1).max(1_000_000),
  maxEntriesPerFan: z.number().int().min(1).max(100_000).nullable(),
  eligibleCountries: z.array(countryCode).min(1).max(250).nullable(),
  freeEntryInstructions: z.string().max(4000),
  winnerCount: z.number().int().min(1).max(1000),
  claimInstructions: z.string().max(4000),
  claimDays: z.number().int().min(1).max(365),
};

export const adminSweepstakeCreateSchema = z
  .object({
    ...adminSweepstakeFields,
    description: adminSweepstakeFields.description.default(''),
    mediaId: adminSweepstakeFields.mediaId.default(null),
    rulesMediaId: adminSweepstakeFields.rulesMediaId.default(null),
    maxEntriesPerFan: adminSweepstakeFields.maxEntriesPerFan.default(null),
    eligibleCountries: adminSweepstakeFields.eligibleCountries.default(null),
    freeEntryInstructions: adminSweepstakeFields.freeEntryInstructions.optional(),
    winnerCount: adminSweepstakeFields.winnerCount.default(1),
    claimInstructions: adminSweepstakeFields.claimInstructions.default(''),
    claimDays: adminSweepstakeFields.claimDays.default(14),
  })
  .strict();
export type AdminSweepstakeCreate = z.input<typeof adminSweepstakeCreateSchema>;

/** Edit: any subset of the fields; refused once drawn (the published data is then final). */
export const adminSweepstakeUpdateSchema = z.object(adminSweepstakeFields).partial().strict();
export type AdminSweepstakeUpdate = z.infer<typeof adminSweepstakeUpdateSchema>;

/** A winner as the operator sees it: who, and whether and how they claimed (product §11.6). */
export const adminWinnerClaimSchema = z.object({
  position: z.number().int().min(1),
  displayName: z.string(),
  claimBy: isoDate,
  claimedAt: isoDate.nullable(),
  claimName: z.string().nullable(),
  claimContact: z.string().nullable(),
});

export const adminSweepstakeSchema = sweepstakeSchema
  .omit({ userEntries: true, freeEntryUsed: true, userEntrant: true, userResult: true })
  .extend({
    /** The winners with their claim status, in draw order. */
    winnerClaims: z.array(adminWinnerClaimSchema),
    rulesMediaId: z.uuid().nullable(),
    /** Distinct fans with at least one entry. */
    entrantCount: z.number().int().min(0),
    createdAt: isoDate,
  });
export type AdminSweepstake = z.infer<typeof adminSweepstakeSchema>;

export const adminSweepstakeListSchema = z.array(adminSweepstakeSchema);

export const adminDrawBodySchema = z
  .object({
    /** Winners to draw (distinct fans); fewer are drawn when fewer fans entered. */
    winners: z.number().int().min(1).max(1000),
  })
  .strict();
export type AdminDrawBody = z.infer<typeof adminDrawBodySchema>;

/** The 422 refusals of an entry (product §8); `insufficient_points` comes from the ledger. */
export const SWEEPSTAKE_REFUSALS = [
  'sweepstake_not_live',
  'underage',
  'country_not_eligible',
  'entry_cap_reached',
  'free_entry_already_used',
] as const;
export type SweepstakeRefusal = (typeof SWEEPSTAKE_REFUSALS)[number];
/** The refusals of a winner's prize claim (product §10.6.11). */
export const SWEEPSTAKE_CLAIM_REFUSALS = ['not_a_winner', 'already_claimed', 'claim_expired'] as const;
export type SweepstakeClaimRefusal = (typeof SWEEPSTAKE_CLAIM_REFUSALS)[number];
/** The refusals of the operator's sweepstake editor and draw. */
export const SWEEPSTAKE_ADMIN_REFUSALS = ['invalid_window', 'already_drawn', 'sweepstake_not_ended'] as const;
export type SweepstakeAdminRefusal = (typeof SWEEPSTAKE_ADMIN_REFUSALS)[number];
/** POST /sweepstake/{id}/claim: a winner claims the prize before the deadline. */
export const sweepstakeClaimBodySchema = z
  .object({
    /** The winner's full name, for the prize. */
    name: z.string().trim().min(2).max(120),
    /** Where the prize goes: a postal address, or the e-mail address confirmed for a digital prize. */
    contact: z.string().trim().min(3).max(500),
  })
  .strict();
export type SweepstakeClaimBody = z.infer<typeof sweepstakeClaimBodySchema>;
