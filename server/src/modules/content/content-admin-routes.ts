import {
  adminArticleInputSchema,
  adminArticleSchema,
  adminPlaylistInputSchema,
  adminPlaylistSchema,
  adminVideoInputSchema,
  adminVideoSchema,
} from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerItemRoutes } from '../../admin/item-routes.ts';
import { deleteArticle, listAdminArticles, saveArticle } from './article-admin-service.ts';
import { deletePlaylist, listAdminPlaylists, savePlaylist } from './playlist-admin-service.ts';
import { archiveVideo, listAdminVideos, saveVideo } from './video-admin-service.ts';

const tags = ['admin: content'];

/**
 * Operator side of videos, playlists and articles (issue 5 "Content"). Videos are archived by
 * closing their window (fans keep what they earned); playlists and articles have no window,
 * so they are deleted.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerItemRoutes(app, {
    path: '/videos',
    tags,
    item: adminVideoSchema,
    input: adminVideoInputSchema,
    summary: {
      list: 'All videos, archived included',
      create: 'Add a video',
      update: 'Edit a video',
      archive: 'Archive a video (ends its window now)',
    },
    list: listAdminVideos,
    save: saveVideo,
    archive: archiveVideo,
  });
  registerItemRoutes(app, {
    path: '/playlists',
    tags,
    item: adminPlaylistSchema,
    input: adminPlaylistInputSchema,
    summary: {
      list: 'All playlists',
      create: 'Add a playlist',
      update: 'Edit a playlist and its video order',
      remove: 'Delete a playlist (its videos stay)',
    },
    list: listAdminPlaylists,
    save: savePlaylist,
    remove: deletePlaylist,
  });
  registerItemRoutes(app, {
    path: '/articles',
    tags,
    item: adminArticleSchema,
    input: adminArticleInputSchema,
    conflict: true,
    summary: {
      list: 'All articles',
      create: 'Add an article (HTML sanitised on the server)',
      update: 'Edit an article (HTML sanitised on the server)',
      remove: 'Delete an article (points fans earned stay)',
    },
    list: listAdminArticles,
    save: saveArticle,
    remove: deleteArticle,
  });
};
