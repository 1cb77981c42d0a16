import { auditEntrySchema, auditQuerySchema, pageOf } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../db/engine.ts';
import { errorResponses } from '../platform/http/schemas.ts';
import { decodeOffset, pageResult } from './fan-admin-service.ts';
import { requireOperator } from './operator-guard.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listAudit(db: Database, organizationId: string, q: z.infer<typeof auditQuerySchema>) {
  const offset = decodeOffset(q.cursor);
  let query = db
    .selectFrom('auditLog as a')
    .leftJoin('users as u', 'u.id', 'a.actorUserId')
    .select([
      'a.id',
      'a.actorUserId',
      'u.email as actorEmail',
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
    const actor = q.actor;
    query = UUID.test(actor)
      ? query.where('a.actorUserId', '=', actor)
      : query.where((eb) =>
          eb(eb.fn('lower', ['u.email']), 'like', `%${actor.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`),
        );
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
  return {
    items: page.items.map((r) => ({
      ...r,
      id: Number(r.id),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The audit log (issue 5): every operator action, newest first, filterable. Read-only by design. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin: audit'],
        summary: 'Operator actions with who, when, what and before/after; newest first',
        querystring: auditQuerySchema,
        response: { 200: pageOf(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return listAudit(app.deps.db, request.ctx.organization.id, request.query);
    },
  );
};
