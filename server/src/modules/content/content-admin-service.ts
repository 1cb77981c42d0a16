import type {
  AdminArticle,
  AdminPlaylist,
  AdminStory,
  AdminVideo,
  adminArticleInputSchema,
  adminPlaylistInputSchema,
  adminStoryInputSchema,
  adminVideoInputSchema,
} from '@paddock/contracts/api/admin-content';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/engine.ts';
import type { DB } from '../../db/schema.ts';
import { sanitiseArticleHtml } from './content-service.ts';
import type { StoriesTable } from '../stories/story-tables.ts';
import type { ArticlesTable, VideosTable } from './content-tables.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/sql-errors.ts';
import { writeAudit } from '../../admin/audit.ts';
import type { Actor } from '../../admin/fan-admin-service.ts';

type VideoInput = z.output<typeof adminVideoInputSchema>;
type PlaylistInput = z.output<typeof adminPlaylistInputSchema>;
type ArticleInput = z.output<typeof adminArticleInputSchema>;
type StoryInput = z.output<typeof adminStoryInputSchema>;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const isoOrNow = (d: Date | string) => new Date(d).toISOString();

/** Every media id an operator references must be an upload of the same organization. */
async function assertMedia(trx: Kysely<DB>, organizationId: string, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return;
  const found = await trx
    .selectFrom('media')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', wanted)
    .execute();
  const missing = wanted.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw unprocessable('unknown_media', `Unknown media id(s): ${missing.join(', ')}`);
}

// ---- videos ----

export const presentVideo = (v: Selectable<VideosTable>, now: Date): AdminVideo => ({
  id: v.id,
  name: v.name,
  description: v.description,
  thumbnailMediaId: v.thumbnailMediaId,
  sourceType: v.sourceType,
  mediaId: v.mediaId,
  externalUrl: v.externalUrl,
  durationSeconds: v.durationSeconds,
  value: v.value,
  visibleFrom: iso(v.visibleFrom),
  visibleUntil: iso(v.visibleUntil),
  archived: Boolean(v.visibleUntil && new Date(v.visibleUntil) <= now),
  createdAt: isoOrNow(v.createdAt),
});

export async function listVideos(db: Database, organizationId: string, now: Date) {
  const rows = await db
    .selectFrom('videos')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((v) => presentVideo(v, now));
}

async function videoRow(trx: Kysely<DB>, organizationId: string, id: string) {
  const row = await trx
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Video');
  return row;
}

export async function saveVideo(db: Database, actor: Actor, id: string | null, input: VideoInput, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = id ? presentVideo(await videoRow(trx, actor.organizationId, id), now) : undefined;
    await assertMedia(trx, actor.organizationId, [input.mediaId, input.thumbnailMediaId]);
    const values = {
      ...input,
      mediaId: input.sourceType === 'file' ? input.mediaId : null,
      externalUrl: input.sourceType === 'file' ? null : input.externalUrl,
    };
    const row = id
      ? await trx
          .updateTable('videos')
          .set(values)
          .where('id', '=', id)
          .where('organizationId', '=', actor.organizationId)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('videos')
          .values({ ...values, organizationId: actor.organizationId })
          .returningAll()
          .executeTakeFirstOrThrow();
    const after = presentVideo(row, now);
    await writeAudit(trx, {
      ...actor,
      action: id ? 'video.update' : 'video.create',
      targetType: 'video',
      targetId: row.id,
      before,
      after,
    });
    return after;
  });
}

/** Archiving ends the video's window: fans stop seeing it, views and points already paid stay. */
export async function archiveVideo(db: Database, actor: Actor, id: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = presentVideo(await videoRow(trx, actor.organizationId, id), now);
    const row = await trx
      .updateTable('videos')
      .set({ visibleUntil: now })
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = presentVideo(row, now);
    await writeAudit(trx, {
      ...actor,
      action: 'video.archive',
      targetType: 'video',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

// ---- playlists ----

async function presentPlaylists(
  db: Kysely<DB>,
  organizationId: string,
  ids?: string[],
): Promise<AdminPlaylist[]> {
  let query = db.selectFrom('playlists').selectAll().where('organizationId', '=', organizationId);
  if (ids) query = query.where('id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
  const rows = await query.orderBy('sortOrder').orderBy('createdAt').execute();
  const links = rows.length
    ? await db
        .selectFrom('playlistVideos')
        .select(['playlistId', 'videoId'])
        .where(
          'playlistId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    coverMediaId: r.coverMediaId,
    sortOrder: r.sortOrder,
    videoIds: links.filter((l) => l.playlistId === r.id).map((l) => l.videoId),
    createdAt: isoOrNow(r.createdAt),
  }));
}

export const listPlaylists = (db: Database, organizationId: string) => presentPlaylists(db, organizationId);

async function playlistOrThrow(trx: Kysely<DB>, organizationId: string, id: string) {
  const [found] = await presentPlaylists(trx, organizationId, [id]);
  if (!found) throw notFound('Playlist');
  return found;
}

export async function savePlaylist(db: Database, actor: Actor, id: string | null, input: PlaylistInput) {
  return db.transaction().execute(async (trx) => {
    const before = id ? await playlistOrThrow(trx, actor.organizationId, id) : undefined;
    await assertMedia(trx, actor.organizationId, [input.coverMediaId]);
    const videoIds = [...new Set(input.videoIds)];
    if (videoIds.length) {
      const own = await trx
        .selectFrom('videos')
        .select('id')
        .where('organizationId', '=', actor.organizationId)
        .where('id', 'in', videoIds)
        .execute();
      if (own.length !== videoIds.length)
        throw unprocessable('unknown_video', 'A listed video does not exist');
    }
    const { videoIds: _ignored, ...fields } = input;
    const row = id
      ? await trx
          .updateTable('playlists')
          .set(fields)
          .where('id', '=', id)
          .where('organizationId', '=', actor.organizationId)
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('playlists')
          .values({ ...fields, organizationId: actor.organizationId })
          .returning('id')
          .executeTakeFirstOrThrow();
    await trx.deleteFrom('playlistVideos').where('playlistId', '=', row.id).execute();
    if (videoIds.length) {
      await trx
        .insertInto('playlistVideos')
        .values(
          videoIds.map((videoId, position) => ({
            organizationId: actor.organizationId,
            playlistId: row.id,
            videoId,
            position,
          })),
        )
        .execute();
    }
    const after = await playlistOrThrow(trx, actor.organizationId, row.id);
    await writeAudit(trx, {
      ...actor,
      action: id ? 'playlist.update' : 'playlist.create',
      targetType: 'playlist',
      targetId: row.id,
      before,
      after,
    });
    return after;
  });
}

/** A playlist is only a grouping: deleting it removes no video and no fan's points. */
export async function deletePlaylist(db: Database, actor: Actor, id: string) {
  await db.transaction().execute(async (trx) => {
    const before = await playlistOrThrow(trx, actor.organizationId, id);
    await trx
      .deleteFrom('playlists')
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
    await writeAudit(trx, {
      ...actor,
      action: 'playlist.delete',
      targetType: 'playlist',
      targetId: id,
      before,
    });
  });
}

// ---- articles ----

const presentArticle = (a: Selectable<ArticlesTable>): AdminArticle => ({
  id: a.id,
  slug: a.slug,
  title: a.title,
  summary: a.summary,
  bodyHtml: a.bodyHtml,
  coverMediaId: a.coverMediaId,
  value: a.value,
  publishedAt: isoOrNow(a.publishedAt),
  createdAt: isoOrNow(a.createdAt),
});

export async function listArticles(db: Database, organizationId: string) {
  const rows = await db
    .selectFrom('articles')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('publishedAt', 'desc')
    .execute();
  return rows.map(presentArticle);
}

async function articleRow(trx: Kysely<DB>, organizationId: string, id: string) {
  const row = await trx
    .selectFrom('articles')
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Article');
  return row;
}

/** Article HTML is sanitised here, on every write, with the same rules as the content module. */
export async function saveArticle(db: Database, actor: Actor, id: string | null, input: ArticleInput) {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = id ? presentArticle(await articleRow(trx, actor.organizationId, id)) : undefined;
      await assertMedia(trx, actor.organizationId, [input.coverMediaId]);
      const values = {
        ...input,
        bodyHtml: sanitiseArticleHtml(input.bodyHtml),
        publishedAt: new Date(input.publishedAt),
      };
      const row = id
        ? await trx
            .updateTable('articles')
            .set(values)
            .where('id', '=', id)
            .where('organizationId', '=', actor.organizationId)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('articles')
            .values({ ...values, organizationId: actor.organizationId })
            .returningAll()
            .executeTakeFirstOrThrow();
      const after = presentArticle(row);
      await writeAudit(trx, {
        ...actor,
        action: id ? 'article.update' : 'article.create',
        targetType: 'article',
        targetId: row.id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'duplicate_slug', `An article "${input.slug}" exists`);
    throw error;
  }
}

/** Deleting an article keeps the points fans earned reading it (they are ledger rows). */
export async function deleteArticle(db: Database, actor: Actor, id: string) {
  await db.transaction().execute(async (trx) => {
    const before = presentArticle(await articleRow(trx, actor.organizationId, id));
    await trx
      .deleteFrom('articles')
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
    await writeAudit(trx, {
      ...actor,
      action: 'article.delete',
      targetType: 'article',
      targetId: id,
      before,
    });
  });
}

// ---- stories ----

async function presentStories(
  db: Kysely<DB>,
  organizationId: string,
  now: Date,
  ids?: string[],
): Promise<AdminStory[]> {
  let query = db.selectFrom('stories').selectAll().where('organizationId', '=', organizationId);
  if (ids) query = query.where('id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
  const rows: Selectable<StoriesTable>[] = await query.orderBy('createdAt', 'desc').execute();
  const chapters = rows.length
    ? await db
        .selectFrom('storyChapters')
        .selectAll()
        .where(
          'storyId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('orderIndex')
        .execute()
    : [];
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    coverMediaId: s.coverMediaId,
    sponsorName: s.sponsorName,
    sponsorUrl: s.sponsorUrl,
    liveFrom: iso(s.liveFrom),
    liveUntil: iso(s.liveUntil),
    startsAt: iso(s.startsAt),
    stopsAt: iso(s.stopsAt),
    points: s.points,
    archived: Boolean(s.stopsAt && new Date(s.stopsAt) <= now),
    chapters: chapters
      .filter((c) => c.storyId === s.id)
      .map((c) => ({
        id: c.id,
        orderIndex: c.orderIndex,
        mediaId: c.mediaId,
        mediaType: c.mediaType,
        sponsorUrl: c.sponsorUrl,
        durationSeconds: c.durationSeconds,
      })),
    createdAt: isoOrNow(s.createdAt),
  }));
}

export const listStories = (db: Database, organizationId: string, now: Date) =>
  presentStories(db, organizationId, now);

async function storyOrThrow(trx: Kysely<DB>, organizationId: string, id: string, now: Date) {
  const [found] = await presentStories(trx, organizationId, now, [id]);
  if (!found) throw notFound('Story');
  return found;
}

/**
 * Chapters are kept by id when the operator keeps them, so fans' chapter views (and whether the
 * story is `viewed`) survive a reorder; only chapters the operator removed lose their views.
 */
export async function saveStory(db: Database, actor: Actor, id: string | null, input: StoryInput, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = id ? await storyOrThrow(trx, actor.organizationId, id, now) : undefined;
    await assertMedia(trx, actor.organizationId, [
      input.coverMediaId,
      ...input.chapters.map((c) => c.mediaId),
    ]);
    const { chapters, ...fields } = input;
    const dates = {
      liveFrom: fields.liveFrom ? new Date(fields.liveFrom) : null,
      liveUntil: fields.liveUntil ? new Date(fields.liveUntil) : null,
      startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
      stopsAt: fields.stopsAt ? new Date(fields.stopsAt) : null,
    };
    const row = id
      ? await trx
          .updateTable('stories')
          .set({ ...fields, ...dates })
          .where('id', '=', id)
          .where('organizationId', '=', actor.organizationId)
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('stories')
          .values({ ...fields, ...dates, organizationId: actor.organizationId })
          .returning('id')
          .executeTakeFirstOrThrow();
    const keep = chapters.map((c) => c.id).filter((c): c is string => Boolean(c));
    const existing = before?.chapters.map((c) => c.id) ?? [];
    const foreign = keep.filter((c) => !existing.includes(c));
    if (foreign.length)
      throw unprocessable('unknown_chapter', `Chapter ${foreign[0]} is not part of this story`);
    let del = trx.deleteFrom('storyChapters').where('storyId', '=', row.id);
    if (keep.length) del = del.where('id', 'not in', keep);
    await del.execute();
    // Move kept chapters out of the way first: (story_id, order_index) is unique.
    if (keep.length) {
      await trx
        .updateTable('storyChapters')
        .set((eb) => ({ orderIndex: eb('orderIndex', '+', 1000) }))
        .where('storyId', '=', row.id)
        .execute();
    }
    for (const [orderIndex, c] of chapters.entries()) {
      const values = {
        orderIndex,
        mediaId: c.mediaId,
        mediaType: c.mediaType,
        sponsorUrl: c.sponsorUrl,
        durationSeconds: c.durationSeconds,
      };
      if (c.id) {
        await trx
          .updateTable('storyChapters')
          .set(values)
          .where('id', '=', c.id)
          .where('storyId', '=', row.id)
          .execute();
      } else {
        await trx
          .insertInto('storyChapters')
          .values({ ...values, organizationId: actor.organizationId, storyId: row.id })
          .execute();
      }
    }
    const after = await storyOrThrow(trx, actor.organizationId, row.id, now);
    await writeAudit(trx, {
      ...actor,
      action: id ? 'story.update' : 'story.create',
      targetType: 'story',
      targetId: row.id,
      before,
      after,
    });
    return after;
  });
}

export async function archiveStory(db: Database, actor: Actor, id: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await storyOrThrow(trx, actor.organizationId, id, now);
    await trx
      .updateTable('stories')
      .set({ stopsAt: now })
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
    const after = await storyOrThrow(trx, actor.organizationId, id, now);
    await writeAudit(trx, {
      ...actor,
      action: 'story.archive',
      targetType: 'story',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}
