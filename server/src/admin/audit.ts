import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface AuditEntryInput {
  organizationId: string;
  actorUserId: string | null;
  /** `<target type>.<verb>`, e.g. `fan.adjust_points`, `organization.update`. */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Issue 5: every operator action is recorded with who, what and before/after. Call it inside
 * the same transaction as the change, so an action that rolls back leaves no audit line and
 * an audited change can never be missing its line.
 */
export async function writeAudit(trx: Kysely<DB>, entry: AuditEntryInput): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      organizationId: entry.organizationId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
