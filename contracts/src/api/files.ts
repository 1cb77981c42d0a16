import { z } from 'zod';

/** The largest avatar upload accepted by POST /api/media (product §10.10). */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Uploaded avatars are re-encoded to WebP no larger than this on either side. */
export const AVATAR_MAX_DIMENSION = 512;

/** POST /api/media: the body is the raw image (application/octet-stream). */
export const mediaUploadResponseSchema = z.object({
  mediaId: z.uuid(),
  url: z
    .string()
    .describe('The upload: a signed, expiring /files/{mediaId}?exp=…&sig=… (valid 1–2 h, decision 028)'),
});
export type MediaUpload = z.infer<typeof mediaUploadResponseSchema>;

/** POST /api/media/set-avatar: `name` is the mediaId of an upload of the caller's. */
export const setAvatarBodySchema = z.object({ name: z.uuid('must be the mediaId of your upload') }).strict();
export const setAvatarResponseSchema = z.object({
  mediaId: z.uuid(),
  avatarUrl: z
    .string()
    .describe('The avatar: a signed, expiring /files/{mediaId}?exp=…&sig=… (valid 1–2 h, decision 028)'),
});

/** The 422 refusals of an upload (avatar or console file). */
export const FILES_REFUSALS = [
  'content_mismatch',
  'empty_file',
  'invalid_image',
  'media_not_found',
  'unsafe_svg',
] as const;
export type FilesRefusal = (typeof FILES_REFUSALS)[number];
