import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuthTables } from '../auth/auth-tables.ts';
import type { ChallengeTables } from '../modules/challenges/challenge-tables.ts';
import type { ContentTables } from '../modules/content/content-tables.ts';
import type { RewardTables } from '../modules/rewards/rewards-tables.ts';
import type { SweepstakeTables } from '../modules/sweepstakes/sweepstake-tables.ts';
import type { FanTables } from '../modules/profile/profile-tables.ts';

/**
 * Kysely's view of the database, in camelCase (CamelCasePlugin converts to snake_case in one
 * place). Each domain declares its own tables beside its code and they are joined here.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T = unknown> = ColumnType<T, string | T | undefined, string | T>;

export interface OrganizationBranding {
  primaryColor?: string;
  accentColor?: string;
  backgroundColor?: string;
  logoMediaId?: string | null;
}

export interface OrganizationSettings {
  loggedOffDashboard?: boolean;
  internalEmailDomains?: string[];
  hiddenChallengeIds?: string[];
  /** Points paid for check-in day 1, 2, 3…; the last value repeats for longer streaks. */
  checkinRewards?: number[];
}

export interface OrganizationsTable {
  id: Generated<string>;
  slug: string;
  name: string;
  publishableKey: string;
  timeZone: Generated<string>;
  defaultLocale: Generated<string>;
  branding: Json<OrganizationBranding>;
  settings: Json<OrganizationSettings>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface RanksTable {
  organizationId: string;
  code: string;
  name: string;
  minPoints: number;
  benefits: string | null;
}

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
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  aal: Generated<string>;
  amr: Json<{ method: string; timestamp: number }[]>;
  factorId: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  refreshedAt: Timestamp | null;
  notAfter: Timestamp | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token: string;
  sessionId: string;
  userId: string;
  parent: string | null;
  revoked: Generated<boolean>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface ConsentTypesTable {
  id: Generated<string>;
  organizationId: string;
  key: string;
  name: string;
  description: Generated<string>;
  required: Generated<boolean>;
  sortOrder: Generated<number>;
}

export interface UserConsentsTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  consentTypeId: string;
  value: Generated<number>;
  data: Json<unknown> | null;
  updatedAt: Generated<Date>;
}

export interface ConsentHistoryTable {
  id: Generated<number>;
  organizationId: string;
  userId: string;
  consentTypeId: string;
  previousValue: number | null;
  value: number;
  data: Json<unknown> | null;
  changedAt: Generated<Date>;
}

export interface MediaTable {
  id: Generated<string>;
  organizationId: string;
  ownerUserId: string | null;
  purpose: string;
  contentType: string;
  byteSize: number;
  storageKey: string;
  originalName: string | null;
  createdAt: Generated<Date>;
}

export interface OutboxTable {
  id: Generated<number>;
  organizationId: string | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  payload: Json<Record<string, unknown>>;
  createdAt: Generated<Date>;
  sentAt: Timestamp | null;
  error: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  organizationId: string;
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  createdAt: Generated<Date>;
}

export interface PointTransactionsTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  amount: number;
  kind: string;
  reference: string | null;
  description: string;
  onceKey: string | null;
  createdAt: Generated<Date>;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  organizationId: string;
  caller: string;
  key: string;
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
  responseType: string | null;
  createdAt: Generated<Date>;
  completedAt: Timestamp | null;
}

export interface CoreTables {
  organizations: OrganizationsTable;
  ranks: RanksTable;
  users: UsersTable;
  sessions: SessionsTable;
  refreshTokens: RefreshTokensTable;
  consentTypes: ConsentTypesTable;
  userConsents: UserConsentsTable;
  consentHistory: ConsentHistoryTable;
  media: MediaTable;
  outbox: OutboxTable;
  auditLog: AuditLogTable;
  pointTransactions: PointTransactionsTable;
  idempotencyKeys: IdempotencyKeysTable;
}

export interface DB
  extends CoreTables,
    AuthTables,
    ChallengeTables,
    ContentTables,
    SweepstakeTables,
    FanTables,
    RewardTables {}

export type Organization = Selectable<OrganizationsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
