import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/engine.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory as a tarball (PGlite's `dumpDataDir`). */
    pgliteTemplate: string;
  }
}

/**
 * Before the PGlite run: one in-memory database migrated once and dumped to a file that every
 * test file's database starts from (test-app.ts). A fresh PGlite spends most of its four seconds
 * in initdb; starting from the dump takes about one, and no migration runs per file. Made anew
 * for every run, so it never outlives a change to the migrations.
 */
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ dataDir: null });
  let bytes: Uint8Array;
  try {
    await migrateToLatest(handle.db);
    if (!handle.dump) throw new Error('the in-memory database cannot be dumped');
    bytes = await handle.dump();
  } finally {
    await handle.close();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, bytes);
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
