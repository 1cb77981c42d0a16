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
import { routeDocs } from '../../platform/http/route-docs.ts';
import {
  createBadge,
  deleteBadge,
  getAdminBadge,
  listAdminBadges,
  listMilestoneRules,
  updateBadge,
  updateMilestoneRule,
} from './badge-admin-service.ts';
import { registerConsoleRoutes } from '../../admin/console-routes.ts';
import { operatorCall } from '../../admin/operator-guard.ts';

const tags = ['admin: badges'];
const doc = routeDocs(tags);

/** Operator endpoints for badge definitions (with an optional boost) and milestone rules (product §12.4). */
export const badgeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/badges/milestones',
    doc(
      'The automatic milestone rules (streak 7/30/100, first pick’em won, season) and their badges',
      milestoneRuleListSchema,
    ),
    async (request) => listMilestoneRules(await operatorCall(request)),
  );

  app.patch(
    '/badges/milestones',
    doc('Switch a milestone rule on or off, or rename/re-image its badge', milestoneRuleSchema, {
      body: milestoneRuleUpdateSchema.extend({ key: milestoneKeySchema }).strict(),
    }),
    async (request) => {
      const { key, ...input } = request.body;
      return updateMilestoneRule(await operatorCall(request), key, input);
    },
  );

  registerConsoleRoutes(app, {
    path: '/badges',
    tags,
    list: {
      summary: 'Every badge definition (activation, milestone, manual) with holders and boost template',
      response: adminBadgeListSchema,
      run: listAdminBadges,
    },
    get: { summary: 'One badge definition', response: adminBadgeSchema, run: getAdminBadge },
    create: {
      summary: 'Create a badge; with `boost`, earning it grants that personal boost',
      body: adminBadgeCreateSchema,
      response: adminBadgeSchema,
      run: createBadge,
    },
    update: {
      method: 'patch',
      summary: 'Edit a badge; boost null removes its boost template',
      body: adminBadgeUpdateSchema,
      response: adminBadgeSchema,
      run: updateBadge,
    },
    remove: {
      summary: 'Delete an unused badge (422 badge_in_use when fans hold it or a rule uses it)',
      run: deleteBadge,
    },
  });
};
