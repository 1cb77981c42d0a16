import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/schema.ts';

/** Kysely interfaces of the sweepstake and activation tables (camelCase; see db/schema.ts). */

export interface FrozenEntry {
  entrant: string;
  count: number;
}

export interface SweepstakesTable {
  id: Generated<string>;
  organizationId: string;
  title: string;
  description: Generated<string>;
  prize: string;
  mediaId: string | null;
  rulesMediaId: string | null;
  startsAt: Timestamp;
  endsAt: Timestamp;
  costPerEntry: number;
  maxEntriesPerFan: number | null;
  eligibleCountries: Json<string[]> | null;
  freeEntryInstructions: Generated<string>;
  winnerCount: Generated<number>;
  seed: string;
  seedHash: string;
  frozenEntries: Json<FrozenEntry[]> | null;
  entriesHash: string | null;
  drawnAt: Timestamp | null;
  drawnBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface SweepstakeEntriesTable {
  organizationId: string;
  sweepstakeId: string;
  userId: string;
  entrant: string;
  count: number;
  freeCount: Generated<number>;
  pointsSpent: Generated<number>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface SweepstakeFreeEntriesTable {
  organizationId: string;
  sweepstakeId: string;
  userId: string;
  createdAt: Generated<Date>;
}

export interface SweepstakeWinnersTable {
  organizationId: string;
  sweepstakeId: string;
  position: number;
  userId: string | null;
  entrant: string;
  displayName: string;
  createdAt: Generated<Date>;
}

export interface ActivationsTable {
  id: Generated<string>;
  organizationId: string;
  slug: string;
  title: string;
  description: Generated<string>;
  mediaId: string | null;
  startsAt: Timestamp;
  stopsAt: Timestamp;
  bonusPoints: Generated<number>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface BadgesTable {
  id: Generated<string>;
  organizationId: string;
  name: string;
  description: Generated<string>;
  imageMediaId: string | null;
  source: Generated<string>;
  createdAt: Generated<Date>;
}

export interface ActivationBadgesTable {
  organizationId: string;
  activationId: string;
  badgeId: string;
}

export interface ActivationUsersTable {
  organizationId: string;
  activationId: string;
  userId: string;
  activatedAt: Timestamp;
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

export interface SweepstakeTables {
  sweepstakes: SweepstakesTable;
  sweepstakeEntries: SweepstakeEntriesTable;
  sweepstakeFreeEntries: SweepstakeFreeEntriesTable;
  sweepstakeWinners: SweepstakeWinnersTable;
  activations: ActivationsTable;
  badges: BadgesTable;
  activationBadges: ActivationBadgesTable;
  activationUsers: ActivationUsersTable;
  userBadges: UserBadgesTable;
}
