import type { Generated } from 'kysely';

/** A stored upload (camelCase; see 0001_core.ts): served at /files/{id}, bytes in the FileStore. */
export interface MediaTable {
  id: Generated<string>;
  organizationId: string;
  ownerUserId: string | null;
  purpose: string;
  contentType: string;
  byteSize: number;
  storageKey: string;
  originalName: string | null;
  createdAt: Generated<Date>;
}

export interface FilesTables {
  media: MediaTable;
}
