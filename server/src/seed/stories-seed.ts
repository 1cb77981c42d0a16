import { DEMO_STORIES, storyChapterPath, storyCoverPath, videoClipPath } from './content-demo-data.ts';
import type { SeasonSeedContext } from './season-seed-context.ts';

const SVG = 'image/svg+xml';
const MP4 = 'video/mp4';
const HOUR = 3_600_000;

/**
 * Demo season: 8 stories (live, sponsored, rank-gated and "Save to Home") whose chapters are
 * pictures and clips committed under server/seed-assets/content.
 */
export async function seedStories(ctx: SeasonSeedContext): Promise<void> {
  const { db, org, now } = ctx;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  for (const s of DEMO_STORIES) {
    const story = await db
      .insertInto('stories')
      .values({
        organizationId: org.id,
        title: s.title,
        coverMediaId: await ctx.asset(storyCoverPath(s.key), SVG),
        sponsorName: s.sponsorName ?? null,
        sponsorUrl: s.sponsorUrl ?? null,
        liveFrom: s.live ? at(-s.live.fromHours * HOUR) : null,
        liveUntil: s.live ? at(-s.live.untilHours * HOUR) : null,
        points: s.points,
        createdAt: at(s.ageHours * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [orderIndex, c] of s.chapters.entries()) {
      await db
        .insertInto('storyChapters')
        .values({
          organizationId: org.id,
          storyId: story.id,
          orderIndex,
          mediaId: c.clipKey
            ? await ctx.asset(videoClipPath(c.clipKey), MP4)
            : await ctx.asset(storyChapterPath(s.key, orderIndex), SVG),
          mediaType: c.clipKey ? 'video' : 'image',
          sponsorUrl: c.sponsorUrl ?? null,
          durationSeconds: c.durationSeconds ?? 5,
        })
        .execute();
    }
  }
}
