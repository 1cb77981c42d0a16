import { auditEntrySchema, auditQuerySchema, pageOf } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../platform/http/route-docs.ts';
import { listAudit } from './audit-service.ts';
import { operatorCall } from './operator-guard.ts';

const doc = routeDocs(['admin: audit']);

/** The audit log (product §11.10): every operator action, newest first, filterable. Read-only by design. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    doc('Operator actions with who, when, what and before/after; newest first', pageOf(auditEntrySchema), {
      querystring: auditQuerySchema,
    }),
    async (request) => listAudit(await operatorCall(request), request.query),
  );
};
