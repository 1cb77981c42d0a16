import {
  articleListResponseSchema,
  articleSchema,
  contentRewardRequestSchema,
  contentRewardResponseSchema,
  playlistResponseSchema,
  videoListResponseSchema,
} from '@paddock/contracts/api/content';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { claimArticleRead, claimVideoView } from './content-rewards.ts';
import { type ContentCall, getArticle, getPlaylist, listArticles, listVideos } from './content-service.ts';

const doc = routeDocs(['content']);
const articleParam = z.object({
  id: z.string().min(1).max(200).describe('The article id (UUID) or its slug'),
});

/** Content needs a fan: every item carries a checksum issued to that fan (decision 007). */
function callOf(request: FastifyRequest): ContentCall {
  return { ...fanCall(request), secret: request.server.deps.config.secrets.appSecret };
}

/**
 * A video view and an article read are paid the same way, once, against the checksum issued
 * with the item (decision 007); they differ only in what counts as too fast.
 */
const REWARDS = {
  video: {
    path: '/content/videos/:id/view',
    params: idParam,
    tooFast: 'before half the clip, at most 30 s, has played',
    claim: claimVideoView,
  },
  article: {
    path: '/content/articles/:id/read',
    params: articleParam,
    tooFast: 'under 10 s after it was issued',
    claim: claimArticleRead,
  },
};

function rewardDoc<Params extends z.ZodType>(item: string, tooFast: string, params: Params) {
  return doc(
    `Credit the ${item}'s points once, with the checksum issued with it`,
    contentRewardResponseSchema,
    {
      description:
        'Refused with 422 invalid_checksum, checksum_expired (issued over 24 h ago) or too_fast ' +
        `(${tooFast}). A repeat answers 200 with pointsAwarded 0.`,
      params,
      body: contentRewardRequestSchema,
    },
  );
}

/** Videos, playlists and articles under /content (product §7). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/videos',
    doc(
      'Visible videos and the playlists that order them, each with a view checksum for this fan',
      videoListResponseSchema,
    ),
    async (request) => listVideos(callOf(request)),
  );

  app.get(
    '/content/playlists/:id',
    doc('One playlist with its visible videos in order', playlistResponseSchema, { params: idParam }),
    async (request) => getPlaylist(callOf(request), request.params.id),
  );

  app.get(
    '/content/articles',
    doc(
      'Published articles, newest first, each with a read checksum for this fan',
      articleListResponseSchema,
    ),
    async (request) => ({ articles: await listArticles(callOf(request)) }),
  );

  app.get(
    '/content/articles/:id',
    doc('One published article by id or slug', articleSchema, { params: articleParam }),
    async (request) => getArticle(callOf(request), request.params.id),
  );

  for (const [item, reward] of Object.entries(REWARDS)) {
    app.post(reward.path, rewardDoc(item, reward.tooFast, reward.params), async (request) =>
      reward.claim(callOf(request), request.params.id, request.body),
    );
  }
};
