import sharp from 'sharp';
import { writeAudit } from '../../admin/audit-service.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';
import type { OperatorCall } from '../../platform/service-call.ts';
import { fileUrl, recordMedia } from './files-service.ts';
import { checkUpload, type MediaPurpose } from './media-sniff.ts';

/** Raster images are re-encoded so EXIF (camera, GPS) never reaches fans, and a corrupt file is refused. */
async function reencode(contentType: string, bytes: Buffer): Promise<Buffer> {
  if (!['image/png', 'image/jpeg', 'image/webp'].includes(contentType)) return bytes;
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().toBuffer();
  } catch {
    throw unprocessable('content_mismatch', `The file's bytes are not a valid ${contentType} image`);
  }
}

/**
 * POST /admin/media: the bytes must be what the Content-Type says (checked on the bytes, not
 * trusted); they are stored, recorded and the upload audited in one transaction.
 */
export async function uploadOperatorMedia(
  call: OperatorCall,
  files: FileStore,
  purpose: MediaPurpose,
  declaredType: string,
  body: unknown,
) {
  if (!Buffer.isBuffer(body)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file bytes as the request body');
  }
  const kind = checkUpload(purpose, declaredType, body);
  const bytes = await reencode(kind.contentType, body);
  const storageKey = await files.put(call.org.id, bytes, kind.extension, kind.contentType);
  const media = await call.db.transaction().execute(async (trx) => {
    const row = await recordMedia(trx, {
      organizationId: call.org.id,
      ownerUserId: call.actorUserId,
      purpose,
      contentType: kind.contentType,
      byteSize: bytes.length,
      storageKey,
    });
    await writeAudit(
      { ...call, db: trx },
      {
        action: 'media.upload',
        targetType: 'media',
        targetId: row.id,
        after: { contentType: row.contentType, byteSize: row.byteSize, purpose },
      },
    );
    return row;
  });
  return {
    mediaId: media.id,
    url: fileUrl(media.id),
    contentType: media.contentType,
    byteSize: media.byteSize,
  };
}
