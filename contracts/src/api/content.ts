import { z } from 'zod';

/**
 * Videos, playlists and articles (product §3, §7): the shapes the server answers with and the
 * web app reads. Every item carries the `checksum` the server issued for this fan with an
 * `issuedAt`; sending both back after watching/reading is what earns the item's `value`
 * (decision 007: an HMAC of fan, item and issue time, plus a plausible elapsed time).
 */

export const VIDEO_SOURCE_TYPES = ['file', 'youtube', 'vimeo'] as const;
export const videoSourceTypeSchema = z.enum(VIDEO_SOURCE_TYPES);
export type VideoSourceType = z.infer<typeof videoSourceTypeSchema>;

/** The proof a fan was given an item at a given time; returned unchanged to claim its points. */
export const contentProofSchema = z.object({
  /** HMAC issued by the server for this fan, this item and `issuedAt`. */
  checksum: z.string().min(16).max(200),
  /** ISO timestamp the server issued the checksum at. */
  issuedAt: z.iso.datetime({ offset: true }),
});
export type ContentProof = z.infer<typeof contentProofSchema>;

export const videoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** Media id of the poster picture (null when none). */
  thumbnailMediaId: z.uuid().nullable(),
  /** URL of the poster picture, ready for an <img src>. */
  thumbnailSrc: z.string().nullable(),
  /** 'file' plays `src` in a <video>; 'youtube'/'vimeo' embed the external `src`. */
  videoSourceType: videoSourceTypeSchema,
  /** Playable URL: `/files/{mediaId}` for a file, the external watch URL otherwise. */
  src: z.string(),
  /** Media id of the clip for `file` videos. */
  mediaId: z.uuid().nullable(),
  durationSeconds: z.number().int().nonnegative(),
  /** Points paid once for watching it. */
  value: z.number().int().nonnegative(),
  /** Whether this fan has already been credited for watching it. */
  viewed: z.boolean(),
  /** Playlists the video belongs to. */
  playlistIds: z.array(z.uuid()),
  checksum: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
});
export type Video = z.infer<typeof videoSchema>;

export const playlistSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  coverMediaId: z.uuid().nullable(),
  coverSrc: z.string().nullable(),
  /** Visible videos in playlist order. */
  videoIds: z.array(z.uuid()),
  /** Sum of the points of the videos in it. */
  totalValue: z.number().int().nonnegative(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

/** GET /api/content/videos */
export const videoListResponseSchema = z.object({
  videos: z.array(videoSchema),
  playlists: z.array(playlistSummarySchema),
});
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;

/** GET /api/content/playlists/{id}: the playlist and its visible videos in order. */
export const playlistResponseSchema = playlistSummarySchema.extend({
  videos: z.array(videoSchema),
});
export type PlaylistResponse = z.infer<typeof playlistResponseSchema>;

export const articleSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised on the server when stored: safe to render as HTML. */
  bodyHtml: z.string(),
  /** Cover picture media id. */
  mediaId: z.uuid().nullable(),
  coverSrc: z.string().nullable(),
  value: z.number().int().nonnegative(),
  publishedAt: z.iso.datetime({ offset: true }),
  /** Whether this fan has already been credited for reading it. */
  read: z.boolean(),
  checksum: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
});
export type Article = z.infer<typeof articleSchema>;

/** GET /api/content/articles: newest first. */
export const articleListResponseSchema = z.object({ articles: z.array(articleSchema) });
export type ArticleListResponse = z.infer<typeof articleListResponseSchema>;

/** POST /api/content/videos/{id}/view and POST /api/content/articles/{id}/read */
export const contentRewardRequestSchema = contentProofSchema.strict();
export type ContentRewardRequest = z.infer<typeof contentRewardRequestSchema>;

export const contentRewardResponseSchema = z.object({
  /** Points paid by this call; 0 when the item was already credited. */
  pointsAwarded: z.number().int().nonnegative(),
  /** The fan's spendable balance afterwards. */
  points: z.number().int().nonnegative(),
  lifetimePoints: z.number().int().nonnegative(),
});
export type ContentRewardResponse = z.infer<typeof contentRewardResponseSchema>;

/**
 * 422 codes of the reward calls: `invalid_checksum` (not issued to this fan for this item),
 * `checksum_expired` (issued more than 24 h ago), `too_fast` (claimed before a plausible
 * watching/reading time; retry later).
 */
export const CONTENT_REWARD_ERRORS = ['invalid_checksum', 'checksum_expired', 'too_fast'] as const;

/** The 422 refusals of a watch/read reward claim (decision 007); the web retries or refreshes on them. */
export const CONTENT_REFUSALS = ['too_fast', 'checksum_expired', 'invalid_checksum'] as const;
export type ContentRefusal = (typeof CONTENT_REFUSALS)[number];
