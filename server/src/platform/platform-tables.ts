import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../db/column-types.ts';

/** Kysely interfaces of the platform's own tables: the message outbox, idempotency keys and generated secrets. */

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

/** Generated secrets shared by every process on the database (see platform/secrets.ts). */
export interface PlatformSecretsTable {
  name: string;
  value: string;
  createdAt: Generated<Date>;
}

/** Shared fixed-window rate-limit counters (decision 014). */
export interface RateLimitCountersTable {
  key: string;
  windowStart: number;
  count: number;
}

export interface PlatformTables {
  outbox: OutboxTable;
  idempotencyKeys: IdempotencyKeysTable;
  platformSecrets: PlatformSecretsTable;
  rateLimitCounters: RateLimitCountersTable;
}
