import type { auditQuerySchema } from '@paddock/contracts/api/admin';
import type { z } from 'zod';
import type { Database } from '../db/engine.ts';
import type { OperatorCall, OrgCall } from '../platform/service-call.ts';
import { accountEmails, accountIdsWithEmailLike, likeEscape } from '../modules/profile/fan-accounts.ts';
import { decodeOffset, pageResult } from './paging.ts';

export interface AuditEntry {
  /** `<target type>.<verb>`, e.g. `fan.adjust_points`, `organization.update`. */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  /** When the action happened on the app's clock; the database's time when left out. */
  at?: Date;
}

/** Who acts where: an operator's call, or a seed acting for the demo operator. */
export type AuditActor = Pick<OperatorCall, 'db' | 'org'> & { actorUserId: string | null };

/**
 * Product §11.10: every operator action is recorded with who, what and before/after. Call it inside
 * the same transaction as the change (`actor.db` is that transaction), so an action that rolls
 * back leaves no audit line and an audited change can never be missing its line.
 */
export async function writeAudit(actor: AuditActor, entry: AuditEntry): Promise<void> {
  await actor.db
    .insertInto('auditLog')
    .values({
      organizationId: actor.org.id,
      actorUserId: actor.actorUserId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actors whose e-mail contains `text` (case-insensitive), among those in this log. */
async function actorsMatching(db: Database, organizationId: string, text: string) {
  const actors = await db
    .selectFrom('auditLog')
    .select('actorUserId')
    .distinct()
    .where('organizationId', '=', organizationId)
    .where('actorUserId', 'is not', null)
    .execute();
  const ids = actors.flatMap((a) => (a.actorUserId ? [a.actorUserId] : []));
  return accountIdsWithEmailLike(db, ids, `%${likeEscape(text.toLowerCase())}%`);
}

/** GET /admin/audit: newest first, filterable by action, target, actor (id or e-mail) and time. */
export async function listAudit(call: OrgCall, q: z.infer<typeof auditQuerySchema>) {
  const { db, org } = call;
  const organizationId = org.id;
  const offset = decodeOffset(q.cursor);
  let query = db
    .selectFrom('auditLog as a')
    .select([
      'a.id',
      'a.actorUserId',
      'a.action',
      'a.targetType',
      'a.targetId',
      'a.before',
      'a.after',
      'a.createdAt',
    ])
    .where('a.organizationId', '=', organizationId);
  if (q.action) query = query.where('a.action', '=', q.action);
  if (q.target) query = query.where('a.targetId', '=', q.target);
  if (q.actor) {
    if (UUID.test(q.actor)) query = query.where('a.actorUserId', '=', q.actor);
    else {
      const ids = await actorsMatching(db, organizationId, q.actor);
      if (ids.length === 0) return { items: [], nextCursor: null };
      query = query.where('a.actorUserId', 'in', ids);
    }
  }
  if (q.from) query = query.where('a.createdAt', '>=', new Date(q.from));
  if (q.to) query = query.where('a.createdAt', '<', new Date(q.to));
  const rows = await query
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(q.limit + 1)
    .offset(offset)
    .execute();
  const page = pageResult(rows, q.limit, offset);
  const emails = await accountEmails(db, [
    ...new Set(page.items.flatMap((r) => (r.actorUserId ? [r.actorUserId] : []))),
  ]);
  return {
    items: page.items.map((r) => ({
      ...r,
      actorEmail: r.actorUserId ? (emails.get(r.actorUserId) ?? null) : null,
      id: Number(r.id),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
