import {
  adminArticleInputSchema,
  adminArticleSchema,
  adminPlaylistInputSchema,
  adminPlaylistSchema,
  adminStoryInputSchema,
  adminStorySchema,
  adminVideoInputSchema,
  adminVideoSchema,
} from '@paddock/contracts/api/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import {
  archiveStory,
  archiveVideo,
  deleteArticle,
  deletePlaylist,
  listArticles,
  listPlaylists,
  listStories,
  listVideos,
  saveArticle,
  savePlaylist,
  saveStory,
  saveVideo,
} from './content-admin-service.ts';
import { requireOperator } from '../../admin/operator-guard.ts';

const tags = ['admin: content'];
const withConflict = { ...errorResponses, 409: errorResponses[400] };
const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/**
 * Operator side of videos, playlists, articles and stories (issue 5 "Content"). Videos and
 * stories are archived by closing their window (fans keep what they earned); playlists and
 * articles have no window, so they are deleted.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const actorOf = async (request: Parameters<typeof requireOperator>[0]) => {
    const caller = await requireOperator(request);
    return { organizationId: request.ctx.organization.id, actorUserId: caller.id };
  };

  app.get(
    '/videos',
    {
      schema: {
        tags,
        summary: 'All videos, archived included',
        response: { 200: items(adminVideoSchema), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return { items: await listVideos(db, request.ctx.organization.id, clock.now()) };
    },
  );
  app.post(
    '/videos',
    {
      schema: {
        tags,
        summary: 'Add a video',
        body: adminVideoInputSchema,
        response: { 201: adminVideoSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveVideo(db, await actorOf(request), null, request.body, clock.now())),
  );
  app.put(
    '/videos/:id',
    {
      schema: {
        tags,
        summary: 'Edit a video',
        params: idParam,
        body: adminVideoInputSchema,
        response: { 200: adminVideoSchema, ...errorResponses },
      },
    },
    async (request) => saveVideo(db, await actorOf(request), request.params.id, request.body, clock.now()),
  );
  app.post(
    '/videos/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a video (ends its window now)',
        params: idParam,
        response: { 200: adminVideoSchema, ...errorResponses },
      },
    },
    async (request) => archiveVideo(db, await actorOf(request), request.params.id, clock.now()),
  );

  app.get(
    '/playlists',
    {
      schema: {
        tags,
        summary: 'All playlists',
        response: { 200: items(adminPlaylistSchema), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return { items: await listPlaylists(db, request.ctx.organization.id) };
    },
  );
  app.post(
    '/playlists',
    {
      schema: {
        tags,
        summary: 'Add a playlist',
        body: adminPlaylistInputSchema,
        response: { 201: adminPlaylistSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await savePlaylist(db, await actorOf(request), null, request.body)),
  );
  app.put(
    '/playlists/:id',
    {
      schema: {
        tags,
        summary: 'Edit a playlist and its video order',
        params: idParam,
        body: adminPlaylistInputSchema,
        response: { 200: adminPlaylistSchema, ...errorResponses },
      },
    },
    async (request) => savePlaylist(db, await actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/playlists/:id',
    {
      schema: {
        tags,
        summary: 'Delete a playlist (its videos stay)',
        params: idParam,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deletePlaylist(db, await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/articles',
    {
      schema: {
        tags,
        summary: 'All articles',
        response: { 200: items(adminArticleSchema), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return { items: await listArticles(db, request.ctx.organization.id) };
    },
  );
  app.post(
    '/articles',
    {
      schema: {
        tags,
        summary: 'Add an article (HTML sanitised on the server)',
        body: adminArticleInputSchema,
        response: { 201: adminArticleSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveArticle(db, await actorOf(request), null, request.body)),
  );
  app.put(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'Edit an article (HTML sanitised on the server)',
        params: idParam,
        body: adminArticleInputSchema,
        response: { 200: adminArticleSchema, ...withConflict },
      },
    },
    async (request) => saveArticle(db, await actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'Delete an article (points fans earned stay)',
        params: idParam,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteArticle(db, await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/stories',
    {
      schema: {
        tags,
        summary: 'All stories with their ordered chapters',
        response: { 200: items(adminStorySchema), ...errorResponses },
      },
    },
    async (request) => {
      await requireOperator(request);
      return { items: await listStories(db, request.ctx.organization.id, clock.now()) };
    },
  );
  app.post(
    '/stories',
    {
      schema: {
        tags,
        summary: 'Add a story with ordered chapters',
        body: adminStoryInputSchema,
        response: { 201: adminStorySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveStory(db, await actorOf(request), null, request.body, clock.now())),
  );
  app.put(
    '/stories/:id',
    {
      schema: {
        tags,
        summary: 'Edit a story; chapters listed with their id are kept (with fans’ views)',
        params: idParam,
        body: adminStoryInputSchema,
        response: { 200: adminStorySchema, ...errorResponses },
      },
    },
    async (request) => saveStory(db, await actorOf(request), request.params.id, request.body, clock.now()),
  );
  app.post(
    '/stories/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a story (ends its window now)',
        params: idParam,
        response: { 200: adminStorySchema, ...errorResponses },
      },
    },
    async (request) => archiveStory(db, await actorOf(request), request.params.id, clock.now()),
  );
};
