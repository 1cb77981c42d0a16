import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/**
 * One fan's total on one board period (decision 025): `season:YYYY-MM-DD`, `week:YYYY-MM-DD`
 * or `weekend:<window id>`. Kept by the ledger trigger of migration 0010, never by hand.
 */
export interface LeaderboardScoresTable {
  organizationId: string;
  period: string;
  userId: string;
  points: number;
  reachedAt: Timestamp;
}

/** An operator-defined race-weekend window: the `weekend` board counts points earned inside it. */
export interface LeaderboardWeekendsTable {
  id: Generated<string>;
  organizationId: string;
  name: string;
  startsAt: Timestamp;
  endsAt: Timestamp;
  createdAt: Generated<Date>;
}

/** The organization's season start; absent → the calendar year. */
export interface LeaderboardSettingsTable {
  organizationId: string;
  seasonStartsOn: string;
  updatedAt: Generated<Date>;
}

export interface LeaderboardTables {
  leaderboardScores: LeaderboardScoresTable;
  leaderboardWeekends: LeaderboardWeekendsTable;
  leaderboardSettings: LeaderboardSettingsTable;
}
