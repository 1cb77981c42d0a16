import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Demo pictures, clips and PDFs committed to the repo; seeded media rows point here. */
export const SEED_ASSETS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../seed-assets',
);

/**
 * Where media bytes live. A storage key is `local:<path under DATA_DIR/media>` for uploads or
 * `asset:<path under server/seed-assets>` for committed demo files; an S3-compatible store
 * would add its own scheme behind the same two calls.
 */
export class FileStore {
  constructor(private readonly dataDir: string) {}

  async put(organizationId: string, bytes: Buffer, extension: string): Promise<string> {
    const relative = path.join(organizationId, `${randomUUID()}.${extension.replace(/[^a-z0-9]/gi, '')}`);
    const full = path.join(this.dataDir, 'media', relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, bytes);
    return `local:${relative}`;
  }

  /** The absolute path of a stored file, or null when the key is unknown or the file is gone. */
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

  open(storageKey: string) {
    const full = this.resolve(storageKey);
    return full ? createReadStream(full) : null;
  }
}
