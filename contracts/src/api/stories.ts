import { z } from 'zod';

/**
 * Stories and their chapters (product §3, §5, §7). `type`, `viewed` and `shareable` are derived on
 * the server for the calling fan; rank-gated stories the fan may not see are never sent.
 *
 * `type` precedence (first that applies): `live` (now inside its live window) → `sponsored`
 * (the story has a sponsor; the disclosure must stay visible even once watched) → `watched`
 * (every chapter viewed) → `default`. Whether it was watched is always in `viewed`.
 */

export const STORY_TYPES = ['live', 'sponsored', 'watched', 'default'] as const;
export const storyTypeSchema = z.enum(STORY_TYPES);
export type StoryType = z.infer<typeof storyTypeSchema>;

export const CHAPTER_MEDIA_TYPES = ['image', 'video'] as const;

export const chapterSchema = z.object({
  id: z.uuid(),
  orderIndex: z.number().int().nonnegative(),
  mediaId: z.uuid(),
  /** URL of the picture or clip. */
  src: z.string(),
  mediaType: z.enum(CHAPTER_MEDIA_TYPES),
  /** A sponsor's link shown on this chapter (null when none). */
  sponsorUrl: z.string().nullable(),
  /** How long the viewer shows it (seconds). */
  durationSeconds: z.number().int().positive(),
  /** Whether this fan has viewed this chapter. */
  viewed: z.boolean(),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const storySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: storyTypeSchema,
  coverMediaId: z.uuid().nullable(),
  coverSrc: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  stopsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Live window (e.g. a race weekend); `type` is `live` inside it. */
  liveFrom: z.iso.datetime({ offset: true }).nullable(),
  liveUntil: z.iso.datetime({ offset: true }).nullable(),
  sponsorName: z.string().nullable(),
  sponsorUrl: z.string().nullable(),
  /** Points paid once, when the last unviewed chapter is viewed. */
  points: z.number().int().nonnegative(),
  /** Every chapter viewed by this fan. */
  viewed: z.boolean(),
  /** Product §5: false for rank-gated stories and "Save to Home". */
  shareable: z.boolean(),
  chapters: z.array(chapterSchema),
});
export type Story = z.infer<typeof storySchema>;

/** GET /api/content/stories: visible stories, live first, then newest. */
export const storyListResponseSchema = z.object({ stories: z.array(storySchema) });
export type StoryListResponse = z.infer<typeof storyListResponseSchema>;

/** POST /api/content/stories/{id}/chapter-view/{chapterId} (no body needed). */
export const chapterViewResponseSchema = z.object({
  /** Points paid by this call: the story's points when this completed it the first time, else 0. */
  pointsAwarded: z.number().int().nonnegative(),
  points: z.number().int().nonnegative(),
  lifetimePoints: z.number().int().nonnegative(),
  /** The story as it is now for this fan (chapter marked, maybe `watched`). */
  story: storySchema,
});
export type ChapterViewResponse = z.infer<typeof chapterViewResponseSchema>;

/** Product §8: 422 `chapter_not_viewable` when the chapter is not part of a story this fan may see. */
export const STORY_ERRORS = ['chapter_not_viewable'] as const;

/** The 422 refusal of marking a chapter viewed (product §8). */
export const STORY_REFUSALS = ['chapter_not_viewable'] as const;
export type StoryRefusal = (typeof STORY_REFUSALS)[number];
/** The refusal of the operator's story editor. */
export const STORY_ADMIN_REFUSALS = ['unknown_chapter'] as const;
export type StoryAdminRefusal = (typeof STORY_ADMIN_REFUSALS)[number];
