import type { OperatorCall, OrgCall } from '../platform/service-call.ts';
import { writeAudit } from './audit-service.ts';

/**
 * The shape every operator edit of a console item shares (product §11.10): one transaction that reads
 * the item before, makes the change, reads it after and writes the audit line with both, so a
 * change never lands without its line. `T` is the operator's view of the item.
 */
export interface AuditedItem<T> {
  /** The audit target type: video, playlist, article, story, activation… */
  type: string;
  /** The operator's view of one item of this organization; 404 when there is none. */
  view(call: OrgCall, id: string): Promise<T>;
}

/**
 * Create (`id` null) or update: `write` stores the input inside the transaction (given the
 * item as it was, on an update) and answers the item's id.
 */
export async function saveAudited<T>(
  call: OperatorCall,
  item: AuditedItem<T>,
  id: string | null,
  write: (trx: OperatorCall, id: string | null, before: T | undefined) => Promise<string>,
): Promise<T> {
  return call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const before = id ? await item.view(trx, id) : undefined;
    const savedId = await write(trx, id, before);
    const after = await item.view(trx, savedId);
    const action = `${item.type}.${id ? 'update' : 'create'}`;
    await writeAudit(trx, { action, targetType: item.type, targetId: savedId, before, after });
    return after;
  });
}

/** Archive or delete in one transaction: the item before, the change, the item after (unless deleted). */
async function changeAudited<T>(
  call: OperatorCall,
  item: AuditedItem<T>,
  id: string,
  verb: 'archive' | 'delete',
  apply: (trx: OperatorCall, before: T) => Promise<void>,
): Promise<T | undefined> {
  return call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const before = await item.view(trx, id);
    await apply(trx, before);
    const after = verb === 'delete' ? undefined : await item.view(trx, id);
    await writeAudit(trx, {
      action: `${item.type}.${verb}`,
      targetType: item.type,
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/** Archive: the item stays (its window closes, fans keep what they earned); answers it after. */
export async function archiveAudited<T>(
  call: OperatorCall,
  item: AuditedItem<T>,
  id: string,
  apply: (trx: OperatorCall, before: T) => Promise<void>,
): Promise<T> {
  return (await changeAudited(call, item, id, 'archive', apply)) as T;
}

/** Delete: the audit line keeps what the item was. */
export async function deleteAudited<T>(
  call: OperatorCall,
  item: AuditedItem<T>,
  id: string,
  apply: (trx: OperatorCall, before: T) => Promise<void>,
): Promise<void> {
  await changeAudited(call, item, id, 'delete', apply);
}
