import type { Database } from '../../db/engine.ts';
import type { FileStore } from '../../platform/file-store.ts';
import { notFound } from '../../platform/errors.ts';
import { reencodeAvatar } from './image-upload.ts';

export const fileUrl = (mediaId: string) => `/files/${mediaId}`;

/** POST /media: re-encode, store under DATA_DIR and record a media row owned by the fan. */
export async function uploadAvatar(
  db: Database,
  files: FileStore,
  organizationId: string,
  userId: string,
  bytes: Buffer,
) {
  const webp = await reencodeAvatar(bytes);
  const storageKey = await files.put(organizationId, webp, 'webp', 'image/webp');
  const media = await db
    .insertInto('media')
    .values({
      organizationId,
      ownerUserId: userId,
      purpose: 'avatar',
      contentType: 'image/webp',
      byteSize: webp.length,
      storageKey,
      originalName: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { mediaId: media.id, url: fileUrl(media.id) };
}

/** POST /media/set-avatar: only an avatar upload of the caller's own can become their avatar. */
export async function setAvatar(
  db: Database,
  organizationId: string,
  userId: string,
  mediaId: string,
  now: Date,
) {
  const media = await db
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .where('organizationId', '=', organizationId)
    .where('ownerUserId', '=', userId)
    .where('purpose', '=', 'avatar')
    .executeTakeFirst();
  if (!media) throw notFound('Media');
  await db
    .updateTable('users')
    .set({ avatarMediaId: media.id, updatedAt: now })
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .execute();
  return { mediaId: media.id, avatarUrl: fileUrl(media.id) };
}
