import { auditEntrySchema, auditQuerySchema, pageOf } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../platform/http/schemas.ts';
import { listAudit } from './audit-service.ts';
import { operatorCall } from './operator-guard.ts';

/** The audit log (product §11.10): every operator action, newest first, filterable. Read-only by design. */
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
    async (request) => listAudit(await operatorCall(request), request.query),
  );
};
