import { adminStoryInputSchema, adminStorySchema } from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerItemRoutes } from '../../admin/item-routes.ts';
import { archiveStory, listAdminStories, saveStory } from './story-admin-service.ts';

/** Operator side of stories (issue 5 "Content"): archived by closing their window; fans keep what they earned. */
export const storyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerItemRoutes(app, {
    path: '/stories',
    tags: ['admin: content'],
    item: adminStorySchema,
    input: adminStoryInputSchema,
    summary: {
      list: 'All stories with their ordered chapters',
      create: 'Add a story with ordered chapters',
      update: 'Edit a story; chapters listed with their id are kept (with fans’ views)',
      archive: 'Archive a story (ends its window now)',
    },
    list: listAdminStories,
    save: saveStory,
    archive: archiveStory,
  });
};
