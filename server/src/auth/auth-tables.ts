import type { Generated, Selectable } from 'kysely';
import type { Json, Timestamp } from '../db/column-types.ts';

/** Kysely interfaces of the auth tables (camelCase; see 0001_core.ts and 0002_auth.ts). */

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
  /** base64url SHA-256 of the last access token minted for the session (decision 038). */
  accessTokenDigest: string | null;
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

export interface AuthUserStatesTable {
  userId: string;
  organizationId: string;
  newEmail: string | null;
  newPhone: string | null;
  emailChangeSentAt: Timestamp | null;
  phoneChangeSentAt: Timestamp | null;
  recoverySentAt: Timestamp | null;
  reauthenticationSentAt: Timestamp | null;
  lastMessageSentAt: Timestamp | null;
  updatedAt: Generated<Date>;
}

/** What a one-time token proves when it is presented (auth-compat §5 /verify types). */
export type OneTimeTokenKind =
  | 'confirmation'
  | 'magiclink'
  | 'recovery'
  | 'email_change'
  | 'phone_confirmation'
  | 'phone_change'
  | 'reauthentication';

export interface AuthOneTimeTokensTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  kind: OneTimeTokenKind;
  recipient: string;
  /** sha256 of the link token (the mailed link and verifyOtp's token_hash). */
  tokenHash: string;
  /** sha256 of the 6-digit code, salted with the token id. */
  codeHash: string;
  flowStateId: string | null;
  redirectTo: string | null;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  consumedAt: Timestamp | null;
}

export interface AuthFlowStatesTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  authCode: Generated<string>;
  codeChallenge: string;
  codeChallengeMethod: 's256' | 'plain';
  authenticationMethod: string;
  createdAt: Generated<Date>;
  verifiedAt: Timestamp | null;
}

export interface AuthMfaFactorsTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  friendlyName: string | null;
  factorType: 'totp' | 'phone';
  status: 'verified' | 'unverified';
  secret: string;
  lastChallengedAt: Timestamp | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface AuthMfaChallengesTable {
  id: Generated<string>;
  organizationId: string;
  factorId: string;
  ip: string | null;
  createdAt: Generated<Date>;
  verifiedAt: Timestamp | null;
}

export interface AuthIdentitiesTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  provider: string;
  providerId: string;
  identityData: Json<Record<string, unknown>>;
  email: string | null;
  lastSignInAt: Timestamp | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface AuthTables {
  sessions: SessionsTable;
  refreshTokens: RefreshTokensTable;
  authUserStates: AuthUserStatesTable;
  authOneTimeTokens: AuthOneTimeTokensTable;
  authFlowStates: AuthFlowStatesTable;
  authMfaFactors: AuthMfaFactorsTable;
  authMfaChallenges: AuthMfaChallengesTable;
  authIdentities: AuthIdentitiesTable;
}

export type AuthUserState = Selectable<AuthUserStatesTable>;
export type MfaFactor = Selectable<AuthMfaFactorsTable>;
export type AuthIdentityRow = Selectable<AuthIdentitiesTable>;
