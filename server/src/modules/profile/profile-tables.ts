import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/column-types.ts';

/**
 * The fan's account row (camelCase; see 0001_core.ts). Auth creates it at sign-up and keeps
 * its identity columns; the profile module owns the row; the ledger moves the two balance
 * columns (db/table-owners.ts lists both exceptions).
 */
export interface UsersTable {
  id: Generated<string>;
  organizationId: string;
  email: string | null;
  phone: string | null;
  encryptedPassword: string | null;
  emailConfirmedAt: Timestamp | null;
  phoneConfirmedAt: Timestamp | null;
  confirmationSentAt: Timestamp | null;
  lastSignInAt: Timestamp | null;
  bannedUntil: Timestamp | null;
  isAnonymous: Generated<boolean>;
  appMetadata: Json<Record<string, unknown>>;
  userMetadata: Json<Record<string, unknown>>;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  zipCode: string | null;
  country: string | null;
  /** YYYY-MM-DD, kept as a string so no time zone shifts it. */
  birthday: string | null;
  properties: Json<Record<string, unknown>>;
  avatarMediaId: string | null;
  onboardedAt: Timestamp | null;
  points: Generated<number>;
  lifetimePoints: Generated<number>;
  referralCode: string;
  referredBy: string | null;
  /** Shown by name on the public leaderboards (decision 025); false → "Fan #…". */
  leaderboardVisible: Generated<boolean>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

/** The e-mail a fan last gave to POST /user/me/identify (analytics identity, not sign-in). */
export interface FanIdentitiesTable {
  organizationId: string;
  userId: string;
  email: string;
  identifiedAt: Timestamp;
}

export interface ProfileTables {
  users: UsersTable;
  fanIdentities: FanIdentitiesTable;
}
