import {
  adminArticleInputSchema,
  adminArticleSchema,
  adminPlaylistInputSchema,
  adminPlaylistSchema,
  adminVideoInputSchema,
  adminVideoSchema,
} from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { items, registerConsoleRoutes } from '../../admin/console-routes.ts';
import { deleteArticle, listAdminArticles, saveArticle } from './article-admin-service.ts';
import { deletePlaylist, listAdminPlaylists, savePlaylist } from './playlist-admin-service.ts';
import { archiveVideo, listAdminVideos, saveVideo } from './video-admin-service.ts';

const tags = ['admin: content'];

/**
 * Operator side of videos, playlists and articles (product §11.4). Videos are archived by
 * closing their window (fans keep what they earned); playlists and articles have no window,
 * so they are deleted.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConsoleRoutes(app, {
    path: '/videos',
    tags,
    list: {
      summary: 'All videos, archived included',
      response: items(adminVideoSchema),
      run: async (call) => ({ items: await listAdminVideos(call) }),
    },
    create: {
      summary: 'Add a video',
      body: adminVideoInputSchema,
      response: adminVideoSchema,
      run: (call, body) => saveVideo(call, null, body),
    },
    update: {
      method: 'put',
      summary: 'Edit a video',
      body: adminVideoInputSchema,
      response: adminVideoSchema,
      run: saveVideo,
    },
    archive: {
      summary: 'Archive a video (ends its window now)',
      response: adminVideoSchema,
      run: archiveVideo,
    },
  });
  registerConsoleRoutes(app, {
    path: '/playlists',
    tags,
    list: {
      summary: 'All playlists',
      response: items(adminPlaylistSchema),
      run: async (call) => ({ items: await listAdminPlaylists(call) }),
    },
    create: {
      summary: 'Add a playlist',
      body: adminPlaylistInputSchema,
      response: adminPlaylistSchema,
      run: (call, body) => savePlaylist(call, null, body),
    },
    update: {
      method: 'put',
      summary: 'Edit a playlist and its video order',
      body: adminPlaylistInputSchema,
      response: adminPlaylistSchema,
      run: savePlaylist,
    },
    remove: { summary: 'Delete a playlist (its videos stay)', run: deletePlaylist },
  });
  registerConsoleRoutes(app, {
    path: '/articles',
    tags,
    list: {
      summary: 'All articles',
      response: items(adminArticleSchema),
      run: async (call) => ({ items: await listAdminArticles(call) }),
    },
    create: {
      summary: 'Add an article (HTML sanitised on the server)',
      body: adminArticleInputSchema,
      response: adminArticleSchema,
      conflict: true,
      run: (call, body) => saveArticle(call, null, body),
    },
    update: {
      method: 'put',
      summary: 'Edit an article (HTML sanitised on the server)',
      body: adminArticleInputSchema,
      response: adminArticleSchema,
      conflict: true,
      run: saveArticle,
    },
    remove: { summary: 'Delete an article (points fans earned stay)', run: deleteArticle },
  });
};
