import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationAdminRoutes } from './activation-admin-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { badgeAdminRoutes } from './badge-admin-routes.ts';
import { boostAdminRoutes } from './boost-admin-routes.ts';
import { challengeAdminRoutes } from './challenge-admin-routes.ts';
import { challengeResultsRoutes } from './challenge-results-routes.ts';
import { contentAdminRoutes } from './content-admin-routes.ts';
import { fanAdminRoutes } from './fan-admin-routes.ts';
import { mediaAdminRoutes } from './media-admin-routes.ts';
import { offerAdminRoutes } from './offer-admin-routes.ts';
import { operatorGate } from './operator-gate.ts';
import { organizationAdminRoutes } from './organization-admin-routes.ts';
import { statsRoutes } from './stats-routes.ts';
import { sweepstakeAdminRoutes } from './sweepstake-admin-routes.ts';

/** Operator API under /api/admin; every route here runs behind requireOperator. */
export const adminModules: FastifyPluginAsyncZod[] = [
  operatorGate,
  challengeAdminRoutes,
  sweepstakeAdminRoutes,
  fanAdminRoutes,
  auditRoutes,
  organizationAdminRoutes,
  mediaAdminRoutes,
  statsRoutes,
  contentAdminRoutes,
  activationAdminRoutes,
  offerAdminRoutes,
  boostAdminRoutes,
  badgeAdminRoutes,
  challengeResultsRoutes,
];
