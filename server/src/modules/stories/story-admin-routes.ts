import { adminStoryInputSchema, adminStorySchema } from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { items, registerConsoleRoutes } from '../../admin/console-routes.ts';
import { archiveStory, listAdminStories, saveStory } from './story-admin-service.ts';

/** Operator side of stories (product §11.4): archived by closing their window; fans keep what they earned. */
export const storyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConsoleRoutes(app, {
    path: '/stories',
    tags: ['admin: content'],
    list: {
      summary: 'All stories with their ordered chapters',
      response: items(adminStorySchema),
      run: async (call) => ({ items: await listAdminStories(call) }),
    },
    create: {
      summary: 'Add a story with ordered chapters',
      body: adminStoryInputSchema,
      response: adminStorySchema,
      run: (call, body) => saveStory(call, null, body),
    },
    update: {
      method: 'put',
      summary: 'Edit a story; chapters listed with their id are kept (with fans’ views)',
      body: adminStoryInputSchema,
      response: adminStorySchema,
      run: saveStory,
    },
    archive: {
      summary: 'Archive a story (ends its window now)',
      response: adminStorySchema,
      run: archiveStory,
    },
  });
};
