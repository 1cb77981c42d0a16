import type { Database } from '../../db/engine.ts';
import { unprocessable } from '../../platform/errors.ts';
import { assertMedia } from '../files/files-service.ts';

/** What the content and story consoles share: dates as the console reads them, the media check. */

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
export const isoOrNow = (d: Date | string) => new Date(d).toISOString();

/** Every media id an operator references must be an upload of the same organization. */
export const assertMediaOfContent = (
  db: Database,
  organizationId: string,
  ids: (string | null | undefined)[],
) =>
  assertMedia(db, organizationId, ids, (missing) =>
    unprocessable('unknown_media', `Unknown media id(s): ${missing.join(', ')}`),
  );
