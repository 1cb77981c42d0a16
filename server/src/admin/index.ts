import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit-routes.ts';
import { fanAdminRoutes } from './fan-admin-routes.ts';
import { statsRoutes } from './stats-routes.ts';

/** The cross-domain operator API (audit log, dashboard figures, fan support) under /api/admin. */
export const adminModules: FastifyPluginAsyncZod[] = [fanAdminRoutes, auditRoutes, statsRoutes];
