import type { SeasonSeedContext } from './season-seed-context.ts';
import {
  articleCoverPath,
  DEMO_ARTICLES,
  DEMO_PLAYLISTS,
  DEMO_VIDEOS,
  playlistCoverPath,
  videoClipPath,
  videoPosterPath,
} from './content-demo-data.ts';
import { createArticle } from '../modules/content/content-service.ts';
import { seedStories } from './stories-seed.ts';

const SVG = 'image/svg+xml';
const MP4 = 'video/mp4';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Demo season: 3 playlists with 10 videos, 6 articles and then the 8 stories (stories-seed.ts),
 * all pointing at media committed under server/seed-assets/content so playback and the
 * rewards work offline on a first start.
 */
export async function seedContent(ctx: SeasonSeedContext): Promise<void> {
  const { db, org, now } = ctx;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  const videoIds = new Map<string, string>();
  for (const v of DEMO_VIDEOS) {
    const row = await db
      .insertInto('videos')
      .values({
        organizationId: org.id,
        name: v.name,
        description: v.description,
        thumbnailMediaId: await ctx.asset(videoPosterPath(v.key), SVG),
        sourceType: 'file',
        mediaId: await ctx.asset(videoClipPath(v.key), MP4),
        durationSeconds: v.durationSeconds,
        value: v.value,
        createdAt: at(v.ageMinutes * MINUTE),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    videoIds.set(v.key, row.id);
  }

  for (const [sortOrder, p] of DEMO_PLAYLISTS.entries()) {
    const playlist = await db
      .insertInto('playlists')
      .values({
        organizationId: org.id,
        name: p.name,
        description: p.description,
        coverMediaId: await ctx.asset(playlistCoverPath(p.key), SVG),
        sortOrder,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('playlistVideos')
      .values(
        p.videoKeys.map((key, position) => ({
          organizationId: org.id,
          playlistId: playlist.id,
          videoId: videoIds.get(key)!,
          position,
        })),
      )
      .execute();
  }

  for (const a of DEMO_ARTICLES) {
    await createArticle(db, org.id, {
      slug: a.slug,
      title: a.title,
      summary: a.summary,
      bodyHtml: a.bodyHtml,
      coverMediaId: await ctx.asset(articleCoverPath(a.slug), SVG),
      value: a.value,
      publishedAt: at(a.ageDays * 24 * HOUR),
    });
  }

  await seedStories(ctx);
}
