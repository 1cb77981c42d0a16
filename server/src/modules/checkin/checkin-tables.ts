import type { Generated } from 'kysely';

export interface CheckinsTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  /** YYYY-MM-DD in the organization's time zone (kept as a string). */
  day: string;
  streak: number;
  points: Generated<number>;
  createdAt: Generated<Date>;
}

/** Kysely interface of the check-in table (camelCase; see 0003_challenges.ts). */
export interface CheckinTables {
  checkins: CheckinsTable;
}
