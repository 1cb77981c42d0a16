import {
  chapterViewResponseSchema,
  storyListResponseSchema,
  storySchema,
} from '@paddock/contracts/api/stories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { getStory, listStories, viewChapter } from './story-service.ts';

const tags = ['stories'];
const doc = routeDocs(tags);

/**
 * Stories and chapter views under /content/stories (product §7). Visibility is per fan (rank and
 * age, product §5), so stories need a signed-in caller.
 */
export const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/stories',
    doc(
      'Stories this fan may see, with type, viewed and shareable derived for them',
      storyListResponseSchema,
    ),
    async (request) => ({ stories: await listStories(fanCall(request)) }),
  );

  app.get(
    '/content/stories/:id',
    doc('One story with its chapters (404 when this fan may not see it)', storySchema, { params: idParam }),
    async (request) => getStory(fanCall(request), request.params.id),
  );

  app.post(
    '/content/stories/:id/chapter-view/:chapterId',
    {
      schema: {
        tags,
        summary: 'Mark a chapter viewed; the last one pays the story points once',
        description: '422 chapter_not_viewable when the chapter is not part of a story this fan may see.',
        params: z.object({
          id: z.uuid({ message: 'id must be a UUID' }),
          chapterId: z.uuid({ message: 'chapterId must be a UUID' }),
        }),
        response: { 200: chapterViewResponseSchema, ...errorResponses },
      },
    },
    async (request) => viewChapter(fanCall(request), request.params.id, request.params.chapterId),
  );
};
