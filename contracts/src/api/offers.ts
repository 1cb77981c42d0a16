import { z } from 'zod';
import { RANK_CODES } from '../rank.ts';

/**
 * Offers (product §12.1): certain rewards a fan buys with points — a shop discount code, early ticket
 * access, a signed photo. product §3 names the offer and its `offerClaimed` flag in the fan's
 * interface state. Fan API at `/api/offers`, operator API at `/api/admin/offers`.
 * Dates are ISO 8601 strings in UTC.
 */

const isoDate = z.iso.datetime({ offset: true });

/** live: inside [startsAt, endsAt); upcoming: before; ended: after (server clock). */
export const offerStatusSchema = z.enum(['upcoming', 'live', 'ended']);
export type OfferStatus = z.infer<typeof offerStatusSchema>;

/** codes: each claim hands out one unique code from the imported pool; instruction: one text for all. */
export const offerRedemptionSchema = z.enum(['codes', 'instruction']);
export type OfferRedemption = z.infer<typeof offerRedemptionSchema>;

export const rankCodeSchema = z.enum(RANK_CODES);

export const offerSchema = z.object({
  offerId: z.uuid(),
  title: z.string(),
  /** The offer text shown on the card. */
  text: z.string(),
  mediaId: z.uuid().nullable(),
  imageUrl: z.string().nullable().describe('/files/<mediaId>, or null'),
  /** Points spent on claiming; 0 = free. */
  cost: z.number().int().min(0),
  startsAt: isoDate,
  endsAt: isoDate,
  status: offerStatusSchema,
  redemption: offerRedemptionSchema,
  /** Minimum age to claim (e.g. 18), or null. */
  minAge: z.number().int().nullable(),
  /** The rank the offer needs, or null when every rank may claim it. */
  requiredRank: z.object({ code: rankCodeSchema, name: z.string() }).nullable(),
  /** True when the fan's rank is below requiredRank (the card shows the rank needed). */
  locked: z.boolean(),
  /** Product §3 `offerClaimed`: the fan has claimed it. */
  offerClaimed: z.boolean(),
  /** The fan's unique code once claimed (codes offers); null otherwise. */
  code: z.string().nullable(),
  /** What to do with the reward, revealed once claimed (instruction offers); null before. */
  instruction: z.string().nullable(),
  claimedAt: isoDate.nullable(),
  /** Claims still possible; null when unlimited. */
  remaining: z.number().int().min(0).nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerListSchema = z.array(offerSchema);

/** GET /api/offers/current: the dashboard's offer, or null when nothing is live. */
export const currentOfferSchema = z.object({ offer: offerSchema.nullable() });
export type CurrentOffer = z.infer<typeof currentOfferSchema>;

export const offerClaimResultSchema = z.object({
  offer: offerSchema,
  /** The unique code handed out (codes offers), else null. */
  code: z.string().nullable(),
  pointsSpent: z.number().int().min(0),
  /** The fan's spendable balance after the claim. */
  points: z.number().int().min(0),
});
export type OfferClaimResult = z.infer<typeof offerClaimResultSchema>;

/**
 * The 422 refusals of POST /api/offers/{id}/claim (product §8); `not_eligible` carries a
 * `reason` (window, age, rank) and `insufficient_points` comes from the ledger.
 */
export const OFFER_REFUSALS = ['out_of_stock', 'already_claimed', 'not_eligible'] as const;
export type OfferRefusal = (typeof OFFER_REFUSALS)[number];

// ── Operator ─────────────────────────────────────────────────────────────────────────────

export const adminOfferSchema = z.object({
  offerId: z.uuid(),
  title: z.string(),
  text: z.string(),
  imageMediaId: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  cost: z.number().int().min(0),
  startsAt: isoDate,
  endsAt: isoDate,
  status: offerStatusSchema,
  minRankCode: rankCodeSchema.nullable(),
  minAge: z.number().int().nullable(),
  /** Total claims allowed; null = limited only by the code pool (or unlimited). */
  stock: z.number().int().min(0).nullable(),
  redemption: offerRedemptionSchema,
  instruction: z.string(),
  claimedCount: z.number().int().min(0),
  /** Codes imported in all and still unclaimed (0 for instruction offers). */
  codesTotal: z.number().int().min(0),
  codesAvailable: z.number().int().min(0),
  remaining: z.number().int().min(0).nullable(),
  archived: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;
export const adminOfferListSchema = z.array(adminOfferSchema);

const offerFields = {
  title: z.string().trim().min(1).max(200),
  text: z.string().max(5000),
  imageMediaId: z.uuid().nullable(),
  cost: z.number().int().min(0).max(1_000_000),
  startsAt: isoDate,
  endsAt: isoDate,
  minRankCode: rankCodeSchema.nullable(),
  minAge: z.number().int().min(1).max(120).nullable(),
  stock: z.number().int().min(0).max(10_000_000).nullable(),
  redemption: offerRedemptionSchema,
  instruction: z.string().max(5000),
  archived: z.boolean(),
};

export const adminOfferCreateSchema = z
  .object({
    ...offerFields,
    text: offerFields.text.default(''),
    imageMediaId: offerFields.imageMediaId.optional(),
    cost: offerFields.cost.default(0),
    minRankCode: offerFields.minRankCode.optional(),
    minAge: offerFields.minAge.optional(),
    stock: offerFields.stock.optional(),
    instruction: offerFields.instruction.default(''),
    archived: offerFields.archived.optional(),
  })
  .strict()
  .refine((o) => new Date(o.endsAt) > new Date(o.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  })
  .refine((o) => o.redemption !== 'instruction' || o.instruction.trim().length > 0, {
    message: 'an instruction offer needs the instruction text',
    path: ['instruction'],
  });
export type AdminOfferCreate = z.infer<typeof adminOfferCreateSchema>;

/** PATCH: any subset; the window and instruction rules are re-checked on the merged offer. */
export const adminOfferUpdateSchema = z.object(offerFields).partial().strict();
export type AdminOfferUpdate = z.infer<typeof adminOfferUpdateSchema>;

/** POST /api/admin/offers/{id}/codes as JSON; a text/csv body is accepted as well. */
export const offerCodeImportJsonSchema = z.object({ csv: z.string().max(2_000_000) }).strict();

export const offerCodeImportResultSchema = z.object({
  /** Codes added to the pool by this import. */
  imported: z.number().int().min(0),
  /** Codes already in the pool (or repeated in the file): reported and skipped. */
  duplicates: z.array(z.string()),
  codesTotal: z.number().int().min(0),
  codesAvailable: z.number().int().min(0),
});
export type OfferCodeImportResult = z.infer<typeof offerCodeImportResultSchema>;

/** The 422 refusals of the operator's offer editor and code import. */
export const OFFER_ADMIN_REFUSALS = [
  'invalid_window',
  'instruction_required',
  'stock_below_claims',
  'redemption_locked',
  'not_a_code_offer',
  'no_codes',
  'too_many_codes',
  'invalid_code',
] as const;
export type OfferAdminRefusal = (typeof OFFER_ADMIN_REFUSALS)[number];
