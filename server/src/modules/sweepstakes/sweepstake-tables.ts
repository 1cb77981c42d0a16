import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/column-types.ts';

/** Kysely interfaces of the sweepstake tables (camelCase; see 0005_sweepstakes.ts). */

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
  claimInstructions: Generated<string>;
  claimDays: Generated<number>;
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
  claimedAt: Timestamp | null;
  claimName: string | null;
  claimContact: string | null;
  createdAt: Generated<Date>;
}

export interface SweepstakeTables {
  sweepstakes: SweepstakesTable;
  sweepstakeEntries: SweepstakeEntriesTable;
  sweepstakeFreeEntries: SweepstakeFreeEntriesTable;
  sweepstakeWinners: SweepstakeWinnersTable;
}
