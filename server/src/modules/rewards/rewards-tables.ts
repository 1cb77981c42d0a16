import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

/** Kysely interfaces of the rewards tables of issue 6 (camelCase; see 0007_rewards.ts). */

export type OfferRedemption = 'codes' | 'instruction';
export type BoostEarning = 'all' | 'challenges' | 'content' | 'checkin';
export type MilestoneKey =
  | 'streak_7'
  | 'streak_30'
  | 'streak_100'
  | 'first_pickem_won'
  | 'season_participation';

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
  offers: OffersTable;
  offerCodes: OfferCodesTable;
  offerClaims: OfferClaimsTable;
  boosts: BoostsTable;
  badgeBoosts: BadgeBoostsTable;
  milestoneBadges: MilestoneBadgesTable;
}
