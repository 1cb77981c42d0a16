import { z } from 'zod';

/**
 * Operator content management (/api/admin/videos|playlists|articles|stories, product §11.4). Dates
 * are ISO 8601 strings; media is referenced by the id an upload to /api/admin/media returned.
 */
const isoDate = z.iso.datetime({ offset: true });
const mediaRef = z.uuid().nullable();
const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\//, 'must start with http:// or https://');

export const adminVideoInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).default(''),
    thumbnailMediaId: mediaRef.default(null),
    sourceType: z.enum(['file', 'youtube', 'vimeo']),
    mediaId: mediaRef.default(null).describe('The clip, for sourceType file'),
    externalUrl: httpsUrl.nullable().default(null).describe('The watch URL, for youtube/vimeo'),
    durationSeconds: z.number().int().min(0).max(36_000).default(0),
    value: z.number().int().min(0).max(100_000).default(0).describe('Points for watching'),
    visibleFrom: isoDate.nullable().default(null),
    visibleUntil: isoDate.nullable().default(null),
  })
  .strict()
  .refine((v) => v.sourceType !== 'file' || v.mediaId, {
    message: 'a file video needs mediaId',
    path: ['mediaId'],
  })
  .refine((v) => v.sourceType === 'file' || v.externalUrl, {
    message: 'a youtube/vimeo video needs externalUrl',
    path: ['externalUrl'],
  });
export type AdminVideoInput = z.input<typeof adminVideoInputSchema>;

export const adminVideoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  thumbnailMediaId: z.string().nullable(),
  sourceType: z.enum(['file', 'youtube', 'vimeo']),
  mediaId: z.string().nullable(),
  externalUrl: z.string().nullable(),
  durationSeconds: z.number().int(),
  value: z.number().int(),
  visibleFrom: z.string().nullable(),
  visibleUntil: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

export const adminPlaylistInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).default(''),
    coverMediaId: mediaRef.default(null),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    videoIds: z.array(z.uuid()).max(200).default([]).describe('Videos in play order'),
  })
  .strict();
export type AdminPlaylistInput = z.input<typeof adminPlaylistInputSchema>;

export const adminPlaylistSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  coverMediaId: z.string().nullable(),
  sortOrder: z.number().int(),
  videoIds: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminPlaylist = z.infer<typeof adminPlaylistSchema>;

export const adminArticleInputSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens')
      .max(120),
    title: z.string().trim().min(1).max(200),
    summary: z.string().trim().max(1000).default(''),
    bodyHtml: z.string().max(200_000).describe('Rich text; sanitised on the server (no scripts)'),
    coverMediaId: mediaRef.default(null),
    value: z.number().int().min(0).max(100_000).default(0).describe('Points for reading'),
    publishedAt: isoDate,
  })
  .strict();
export type AdminArticleInput = z.input<typeof adminArticleInputSchema>;

export const adminArticleSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  bodyHtml: z.string(),
  coverMediaId: z.string().nullable(),
  value: z.number().int(),
  publishedAt: z.string(),
  createdAt: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const adminChapterInputSchema = z
  .object({
    id: z.uuid().optional().describe('An existing chapter to keep (fans’ views of it are kept)'),
    mediaId: z.uuid(),
    mediaType: z.enum(['image', 'video']).default('image'),
    sponsorUrl: httpsUrl.nullable().default(null),
    durationSeconds: z.number().int().min(1).max(120).default(5),
  })
  .strict();

export const adminStoryInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('A P10…P1 prefix gates the story by rank; "Save to Home" is never shareable (product §5)'),
    coverMediaId: mediaRef.default(null),
    sponsorName: z.string().trim().max(100).nullable().default(null),
    sponsorUrl: httpsUrl.nullable().default(null),
    liveFrom: isoDate.nullable().default(null),
    liveUntil: isoDate.nullable().default(null),
    startsAt: isoDate.nullable().default(null),
    stopsAt: isoDate.nullable().default(null),
    points: z.number().int().min(0).max(100_000).default(0),
    chapters: z.array(adminChapterInputSchema).min(1).max(30).describe('In viewing order'),
  })
  .strict();
export type AdminStoryInput = z.input<typeof adminStoryInputSchema>;

export const adminStorySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  coverMediaId: z.string().nullable(),
  sponsorName: z.string().nullable(),
  sponsorUrl: z.string().nullable(),
  liveFrom: z.string().nullable(),
  liveUntil: z.string().nullable(),
  startsAt: z.string().nullable(),
  stopsAt: z.string().nullable(),
  points: z.number().int(),
  archived: z.boolean(),
  chapters: z.array(
    z.object({
      id: z.uuid(),
      orderIndex: z.number().int(),
      mediaId: z.string(),
      mediaType: z.enum(['image', 'video']),
      sponsorUrl: z.string().nullable(),
      durationSeconds: z.number().int(),
    }),
  ),
  createdAt: z.string(),
});
export type AdminStory = z.infer<typeof adminStorySchema>;

// ---- activations (/api/admin/activations) ----

export const adminBadgeInputSchema = z
  .object({
    id: z.uuid().optional().describe('An existing badge of this activation to keep'),
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500).default(''),
    imageMediaId: mediaRef.default(null),
  })
  .strict();

export const adminActivationInputSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens')
      .max(80),
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).default(''),
    mediaId: mediaRef.default(null),
    startsAt: isoDate,
    stopsAt: isoDate,
    bonusPoints: z.number().int().min(0).max(100_000).default(0),
    badges: z.array(adminBadgeInputSchema).max(10).default([]),
  })
  .strict()
  .refine((v) => new Date(v.stopsAt) > new Date(v.startsAt), {
    message: 'must be after startsAt',
    path: ['stopsAt'],
  });
export type AdminActivationInput = z.input<typeof adminActivationInputSchema>;

export const adminActivationSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  mediaId: z.string().nullable(),
  startsAt: z.string(),
  stopsAt: z.string(),
  bonusPoints: z.number().int(),
  archived: z.boolean(),
  activatedCount: z.number().int(),
  link: z.string().describe('The fan landing page /activations/{slug}, absolute when SITE_URL is set'),
  badges: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      description: z.string(),
      imageMediaId: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
});
export type AdminActivation = z.infer<typeof adminActivationSchema>;

/** The refusals of the operator's videos, playlists and articles. */
export const CONTENT_ADMIN_REFUSALS = ['unknown_media', 'unknown_video', 'duplicate_slug'] as const;
export type ContentAdminRefusal = (typeof CONTENT_ADMIN_REFUSALS)[number];
