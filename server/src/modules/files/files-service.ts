import type { Insertable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { type AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { setAvatarMedia } from '../profile/fan-accounts.ts';
import type { MediaTable } from './files-tables.ts';
import { reencodeAvatar } from './image-upload.ts';
import type { FileUrlSigner } from './signed-file-urls.ts';

/** The public URL of published content (operators' uploads); fans' own uploads are signed. */
export const fileUrl = (mediaId: string) => `/files/${mediaId}`;

/** Records stored bytes as a media row (the file store already holds them under storageKey). */
export async function recordMedia(
  db: Database,
  values: Omit<Insertable<MediaTable>, 'id' | 'createdAt' | 'originalName'> & {
    originalName?: string | null;
  },
) {
  return db
    .insertInto('media')
    .values({ ...values, originalName: values.originalName ?? null })
    .returning(['id', 'contentType', 'byteSize'])
    .executeTakeFirstOrThrow();
}

/** An upload of this organization, or undefined. */
export async function findMedia(db: Database, organizationId: string, mediaId: string) {
  return db
    .selectFrom('media')
    .select(['id', 'contentType'])
    .where('id', '=', mediaId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
}

/**
 * What GET /files/{id} needs to serve a file: its organization and purpose decide whether it is
 * public or needs a signed URL (decision 028).
 */
export async function mediaForDownload(db: Database, mediaId: string) {
  return db
    .selectFrom('media')
    .select(['organizationId', 'purpose', 'contentType', 'storageKey'])
    .where('id', '=', mediaId)
    .executeTakeFirst();
}

/**
 * Every media id an operator references must be an upload of the same organization. Blank ids
 * are skipped; the ids that name no upload here, in the order given, go to `refusal`, whose
 * error is thrown (each domain words its own refusal).
 */
export async function assertMedia(
  db: Database,
  organizationId: string,
  ids: readonly (string | null | undefined)[],
  refusal: (missing: string[]) => AppError,
) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return;
  const found = await db
    .selectFrom('media')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', wanted)
    .execute();
  const missing = wanted.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) throw refusal(missing);
}

/** The refusal offers, badges and sweepstakes give for a media id of no upload here. */
export const noSuchMedia = (missing: string[]) =>
  unprocessable('media_not_found', `No media ${missing[0]} in this organization`);

/**
 * POST /media: re-encode, store under DATA_DIR and record a media row owned by the fan. Its URL
 * is signed and expiring: the avatar is the fan's own upload (decision 028).
 */
export async function uploadAvatar(
  call: FanCall,
  { files, fileUrls }: { files: FileStore; fileUrls: FileUrlSigner },
  bytes: Buffer,
) {
  const webp = await reencodeAvatar(bytes);
  const storageKey = await files.put(call.org.id, webp, 'webp', 'image/webp');
  const media = await recordMedia(call.db, {
    organizationId: call.org.id,
    ownerUserId: call.userId,
    purpose: 'avatar',
    contentType: 'image/webp',
    byteSize: webp.length,
    storageKey,
  });
  return { mediaId: media.id, url: fileUrls.url(call.org.id, media.id, call.now) };
}

/** POST /media/set-avatar: only an avatar upload of the caller's own can become their avatar. */
export async function setAvatar(call: FanCall, mediaId: string, fileUrls: FileUrlSigner) {
  const media = await call.db
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .where('organizationId', '=', call.org.id)
    .where('ownerUserId', '=', call.userId)
    .where('purpose', '=', 'avatar')
    .executeTakeFirst();
  if (!media) throw notFound('Media');
  await setAvatarMedia(call.db, call.org.id, call.userId, media.id, call.now);
  return { mediaId: media.id, avatarUrl: fileUrls.url(call.org.id, media.id, call.now) };
}
