import type { Generated } from 'kysely';
import type { Json } from '../db/column-types.ts';

/** One operator action: who, what, before and after (product §11.10; written by admin/audit.ts). */
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

export interface AdminTables {
  auditLog: AuditLogTable;
}
