import { AVATAR_MAX_DIMENSION } from '@paddock/contracts/api/files';
import sharp from 'sharp';
import { AppError, unprocessable } from '../../platform/errors.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * The image type from its first bytes, never from a header or a file name the client chose
 * (product §10.10): JPEG FF D8 FF, PNG's 8-byte signature, GIF87a/GIF89a, RIFF….WEBP.
 */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Re-encodes an upload to WebP at most AVATAR_MAX_DIMENSION px on a side. Re-encoding drops
 * EXIF (GPS position, camera serial…) and any payload smuggled after the image data; the
 * orientation is applied first so the picture stays upright without its EXIF tag.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError(400, 'empty_body', 'Send the image bytes as the request body');
  if (!sniffImage(bytes)) {
    throw new AppError(415, 'unsupported_media_type', 'Only JPEG, PNG, WebP or GIF images can be uploaded');
  }
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(AVATAR_MAX_DIMENSION, AVATAR_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unprocessable('invalid_image', 'The image could not be read; it may be damaged or too large');
  }
}
