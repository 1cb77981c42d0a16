import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/** Kysely interfaces of the rewards tables: offers, boosts and badges (camelCase; see 0005_sweepstakes.ts and 0007_rewards.ts). */

export type OfferRedemption = 'codes' | 'instruction';
export type BoostEarning = 'all' | 'challenges' | 'content' | 'checkin';
export type MilestoneKey =
  | 'streak_7'
  | 'streak_30'
  | 'streak_100'
  | 'first_pickem_won'
  | 'season_participation';

export interface BadgesTable {
  id: Generated<string>;
  organizationId: string;
  name: string;
  description: Generated<string>;
  imageMediaId: string | null;
  source: Generated<string>;
  createdAt: Generated<Date>;
}

/** A fan's badges (one row per fan per badge); GET /user/me/badges reads this. */
export interface UserBadgesTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  badgeId: string;
  earnedAt: Timestamp;
  /** activation, manual… */
  how: string;
  /** The object that granted it (an activation id…). */
  reference: string | null;
}

export interface OffersTable {
  id: Generated<string>;
  organizationId: string;
  title: string;
  body: Generated<string>;
  mediaId: string | null;
  cost: Generated<number>;
  startsAt: Timestamp;
  endsAt: Timestamp;
  minRankCode: string | null;
  minAge: number | null;
  stock: number | null;
  redemption: OfferRedemption;
  instruction: Generated<string>;
  claimedCount: Generated<number>;
  archivedAt: Timestamp | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface OfferCodesTable {
  id: Generated<string>;
  seq: Generated<string>;
  organizationId: string;
  offerId: string;
  code: string;
  claimedBy: string | null;
  claimedAt: Timestamp | null;
  createdAt: Generated<Date>;
}

export interface OfferClaimsTable {
  id: Generated<string>;
  organizationId: string;
  offerId: string;
  userId: string;
  codeId: string | null;
  pointsSpent: Generated<number>;
  claimedAt: Timestamp;
}

export interface BoostsTable {
  id: Generated<string>;
  organizationId: string;
  name: string;
  multiplier: number;
  earning: BoostEarning;
  userId: string | null;
  startsAt: Timestamp;
  endsAt: Timestamp;
  badgeId: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface BadgeBoostsTable {
  organizationId: string;
  badgeId: string;
  name: string;
  multiplier: number;
  earning: BoostEarning;
  durationMinutes: number;
}

export interface MilestoneBadgesTable {
  organizationId: string;
  key: MilestoneKey;
  badgeId: string;
  enabled: Generated<boolean>;
}

export interface RewardTables {
  badges: BadgesTable;
  userBadges: UserBadgesTable;
  offers: OffersTable;
  offerCodes: OfferCodesTable;
  offerClaims: OfferClaimsTable;
  boosts: BoostsTable;
  badgeBoosts: BadgeBoostsTable;
  milestoneBadges: MilestoneBadgesTable;
}
