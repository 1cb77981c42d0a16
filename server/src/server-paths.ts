import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders the server finds from its own file. This module sits directly in server/src, at the
 * depth of the compiled server (server/dist/main.mjs, decision 037), so the same relative paths
 * hold whether it runs from the sources or from the build.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** The built web app the server serves (npm run build). */
export const WEB_DIST = path.resolve(here, '../../web/dist');

/** Demo pictures, clips and PDFs committed to the repo; seeded media rows point here. */
export const SEED_ASSETS_DIR = path.resolve(here, '../seed-assets');
