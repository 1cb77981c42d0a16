import type { Generated } from 'kysely';
import type { Json } from '../../db/column-types.ts';

/** Kysely interfaces of the consent tables (camelCase; see 0001_core.ts). */

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

export interface ConsentTables {
  consentTypes: ConsentTypesTable;
  userConsents: UserConsentsTable;
  consentHistory: ConsentHistoryTable;
}
