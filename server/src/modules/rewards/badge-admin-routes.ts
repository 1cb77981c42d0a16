import {
  adminBadgeCreateSchema,
  adminBadgeListSchema,
  adminBadgeSchema,
  adminBadgeUpdateSchema,
  milestoneKeySchema,
  milestoneRuleListSchema,
  milestoneRuleSchema,
  milestoneRuleUpdateSchema,
} from '@paddock/contracts/api/badges';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBadge,
  deleteBadge,
  getAdminBadge,
  listAdminBadges,
  listMilestoneRules,
  updateBadge,
  updateMilestoneRule,
} from './badge-service.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { requireOperator } from '../../admin/operator-guard.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
const tags = ['admin: badges'];

/** Operator endpoints for badge definitions (with an optional boost) and milestone rules (issue 6). */
export const badgeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: Parameters<typeof requireOperator>[0]) => {
    const operator = await requireOperator(request);
    return { organizationId: request.ctx.organization.id, actorUserId: operator.id };
  };

  app.get(
    '/badges',
    {
      schema: {
        tags,
        summary: 'Every badge definition (activation, milestone, manual) with holders and boost template',
        response: { 200: adminBadgeListSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return listAdminBadges(app.deps.db, request.ctx.organization.id);
    },
  );

  app.get(
    '/badges/milestones',
    {
      schema: {
        tags,
        summary:
          'The automatic milestone rules (streak 7/30/100, first pick’em won, season) and their badges',
        response: { 200: milestoneRuleListSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return listMilestoneRules(app.deps, request.ctx.organization.id);
    },
  );

  app.patch(
    '/badges/milestones',
    {
      schema: {
        tags,
        summary: 'Switch a milestone rule on or off, or rename/re-image its badge',
        body: milestoneRuleUpdateSchema.extend({ key: milestoneKeySchema }).strict(),
        response: { 200: milestoneRuleSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { key, ...input } = request.body;
      return updateMilestoneRule(app.deps, await actorOf(request), key, input);
    },
  );

  app.get(
    '/badges/:id',
    {
      schema: {
        tags,
        summary: 'One badge definition',
        params: idParams,
        response: { 200: adminBadgeSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return getAdminBadge(app.deps.db, request.ctx.organization.id, request.params.id);
    },
  );

  app.post(
    '/badges',
    {
      schema: {
        tags,
        summary: 'Create a badge; with `boost`, earning it grants that personal boost',
        body: adminBadgeCreateSchema,
        response: { 201: adminBadgeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createBadge(app.deps, await actorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/badges/:id',
    {
      schema: {
        tags,
        summary: 'Edit a badge; boost null removes its boost template',
        params: idParams,
        body: adminBadgeUpdateSchema,
        response: { 200: adminBadgeSchema, ...errorResponses },
      },
    },
    async (request) => updateBadge(app.deps, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/badges/:id',
    {
      schema: {
        tags,
        summary: 'Delete an unused badge (422 badge_in_use when fans hold it or a rule uses it)',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteBadge(app.deps, await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
