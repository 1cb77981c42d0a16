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
} from './badge-admin-service.ts';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { operatorCall } from '../../admin/operator-guard.ts';

const tags = ['admin: badges'];

/** Operator endpoints for badge definitions (with an optional boost) and milestone rules (issue 6). */
export const badgeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/badges',
    {
      schema: {
        tags,
        summary: 'Every badge definition (activation, milestone, manual) with holders and boost template',
        response: { 200: adminBadgeListSchema, ...errorResponses },
      },
    },
    async (request) => listAdminBadges(await operatorCall(request)),
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
    async (request) => listMilestoneRules(await operatorCall(request)),
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
      return updateMilestoneRule(await operatorCall(request), key, input);
    },
  );

  app.get(
    '/badges/:id',
    {
      schema: {
        tags,
        summary: 'One badge definition',
        params: idParam,
        response: { 200: adminBadgeSchema, ...errorResponses },
      },
    },
    async (request) => getAdminBadge(await operatorCall(request), request.params.id),
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
      const created = await createBadge(await operatorCall(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/badges/:id',
    {
      schema: {
        tags,
        summary: 'Edit a badge; boost null removes its boost template',
        params: idParam,
        body: adminBadgeUpdateSchema,
        response: { 200: adminBadgeSchema, ...errorResponses },
      },
    },
    async (request) => updateBadge(await operatorCall(request), request.params.id, request.body),
  );

  app.delete(
    '/badges/:id',
    {
      schema: {
        tags,
        summary: 'Delete an unused badge (422 badge_in_use when fans hold it or a rule uses it)',
        params: idParam,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteBadge(await operatorCall(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
