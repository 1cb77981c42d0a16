import { randomUUID } from 'node:crypto';
import type { Database } from '../db/engine.ts';

/** Test factories for content tables (tests isolate by organization, decision 010). */

export async function makeMedia(db: Database, organizationId: string, contentType = 'image/svg+xml') {
  const row = await db
    .insertInto('media')
    .values({
      organizationId,
      ownerUserId: null,
      purpose: 'test',
      contentType,
      byteSize: 1,
      storageKey: `asset:test/${randomUUID()}`,
      originalName: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeVideo(
  db: Database,
  organizationId: string,
  overrides: Partial<{
    name: string;
    value: number;
    durationSeconds: number;
    visibleFrom: Date | null;
    visibleUntil: Date | null;
    createdAt: Date;
  }> = {},
) {
  return db
    .insertInto('videos')
    .values({
      organizationId,
      name: overrides.name ?? `Video ${randomUUID().slice(0, 6)}`,
      sourceType: 'file',
      mediaId: await makeMedia(db, organizationId, 'video/mp4'),
      thumbnailMediaId: await makeMedia(db, organizationId),
      durationSeconds: overrides.durationSeconds ?? 40,
      value: overrides.value ?? 25,
      visibleFrom: overrides.visibleFrom ?? null,
      visibleUntil: overrides.visibleUntil ?? null,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makePlaylist(db: Database, organizationId: string, name: string, videoIds: string[]) {
  const playlist = await db
    .insertInto('playlists')
    .values({ organizationId, name })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (videoIds.length > 0) {
    await db
      .insertInto('playlistVideos')
      .values(
        videoIds.map((videoId, position) => ({ organizationId, playlistId: playlist.id, videoId, position })),
      )
      .execute();
  }
  return playlist;
}

export async function makeStory(
  db: Database,
  organizationId: string,
  opts: {
    title: string;
    chapters?: number;
    points?: number;
    sponsorUrl?: string | null;
    liveFrom?: Date | null;
    liveUntil?: Date | null;
    startsAt?: Date | null;
    stopsAt?: Date | null;
  },
) {
  const story = await db
    .insertInto('stories')
    .values({
      organizationId,
      title: opts.title,
      coverMediaId: await makeMedia(db, organizationId),
      sponsorName: opts.sponsorUrl ? 'Sponsor' : null,
      sponsorUrl: opts.sponsorUrl ?? null,
      liveFrom: opts.liveFrom ?? null,
      liveUntil: opts.liveUntil ?? null,
      startsAt: opts.startsAt ?? null,
      stopsAt: opts.stopsAt ?? null,
      points: opts.points ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const chapters = [];
  for (let i = 0; i < (opts.chapters ?? 2); i += 1) {
    chapters.push(
      await db
        .insertInto('storyChapters')
        .values({
          organizationId,
          storyId: story.id,
          orderIndex: i,
          mediaId: await makeMedia(db, organizationId),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return { story, chapters };
}
