import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Bucket } from './s3-bucket.ts';

import { SEED_ASSETS_DIR } from '../server-paths.ts';

export { SEED_ASSETS_DIR };

/** Stored files never change under their key (product §10.10), so they may be cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** A presigned GET stays valid this long; the redirect to it is cached for less (file-routes). */
export const PRESIGNED_TTL_SECONDS = 3600;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** Where a stored file can be read: a path on this machine, or a URL to send the browser to. */
export type FileLocation = { kind: 'file'; path: string } | { kind: 'redirect'; url: string };

/**
 * Where media bytes live. A storage key is `local:<path under DATA_DIR/media>` for uploads on
 * disk, `asset:<path under server/seed-assets>` for committed demo files, or `s3:<org>/<file>`
 * for uploads to the S3-compatible bucket (product §10.10). New uploads go to the bucket when
 * one is configured; older `local:` and `asset:` keys keep working either way.
 */
export class FileStore {
  constructor(
    private readonly dataDir: string,
    private readonly s3: { bucket: S3Bucket; publicUrl?: string } | null = null,
  ) {}

  get usesBucket(): boolean {
    return this.s3 !== null;
  }

  async put(organizationId: string, bytes: Buffer, extension: string, contentType?: string): Promise<string> {
    const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase();
    const relative = path.posix.join(organizationId, `${randomUUID()}.${ext}`);
    if (this.s3) {
      await this.s3.bucket.putObject(relative, bytes, {
        contentType: contentType ?? CONTENT_TYPES[ext] ?? 'application/octet-stream',
        cacheControl: IMMUTABLE_CACHE,
      });
      return `s3:${relative}`;
    }
    const full = path.join(this.dataDir, 'media', relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, bytes);
    return `local:${relative}`;
  }

  /**
   * The absolute path of a file on this machine, or null when the key is unknown, the file is
   * gone, or it lives in the bucket (use locate for those).
   */
  resolve(storageKey: string): string | null {
    const [scheme, ...rest] = storageKey.split(':');
    const relative = rest.join(':');
    const base =
      scheme === 'local' ? path.join(this.dataDir, 'media') : scheme === 'asset' ? SEED_ASSETS_DIR : null;
    if (!base) return null;
    const full = path.resolve(base, relative);
    // Never serve outside the store, whatever a key says.
    if (!full.startsWith(path.resolve(base) + path.sep)) return null;
    return existsSync(full) ? full : null;
  }

  /**
   * How to serve a key: a local path, or a redirect to the CDN/public URL when S3_PUBLIC_URL is
   * set, else to a presigned URL. `presign` skips the public URL: a fan's private upload must not
   * get a permanent address (decision 028). Null when the key cannot be served (an `s3:` key
   * with no bucket configured any more, or a missing local file).
   */
  async locate(
    storageKey: string,
    now: Date = new Date(),
    opts: { presign?: boolean } = {},
  ): Promise<FileLocation | null> {
    if (storageKey.startsWith('s3:')) {
      const key = storageKey.slice(3);
      if (!this.s3 || key.split('/').includes('..')) return null;
      if (this.s3.publicUrl && !opts.presign) {
        const encoded = key.split('/').map(encodeURIComponent).join('/');
        return { kind: 'redirect', url: `${this.s3.publicUrl.replace(/\/$/, '')}/${encoded}` };
      }
      return { kind: 'redirect', url: await this.s3.bucket.presignGet(key, PRESIGNED_TTL_SECONDS, now) };
    }
    const full = this.resolve(storageKey);
    return full ? { kind: 'file', path: full } : null;
  }

  /** A stream of a local file (bucket files are served by redirect, never streamed through us). */
  open(storageKey: string) {
    const full = this.resolve(storageKey);
    return full ? createReadStream(full) : null;
  }
}
