// Prints the gzip size of the JavaScript a fan downloads before `/` and `/dashboard` can render
// (product §13.9: at most 150 kB gzip each), so bundle growth is visible on every build.
//
// First load of a route = the entry chunk + everything it imports statically + the route's lazy
// chunk(s) (layout and screen, as src/app/router.tsx loads them) + their static imports, read from
// Vite's manifest (build.manifest in vite.config.ts). The auth client is a separate chunk that
// boot downloads in parallel with /config.json and the route chunks (src/lib/supabase.ts); it is
// printed beside each figure, never hidden. Chunks that the first render only starts loading
// afterwards (toast region, level-up dialog) are listed separately.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 150;
const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/**
 * The lazy modules each first screen waits for (see src/app/router.tsx): `/` renders
 * app/routes/index-route.tsx, which shows the landing page to a visitor (or the dashboard in
 * logged-off-dashboard mode); `/dashboard` renders inside the default layout.
 */
const routes = {
  '/': ['src/app/routes/index-route.tsx', 'src/features/auth/routes/landing-route.tsx'],
  '/dashboard': ['src/features/shell/components/layouts.tsx', 'src/app/routes/dashboard-route.tsx'],
};

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipCache.get(file);
}

/** The files a module key needs before it runs: itself and its static imports, transitively. */
function staticClosure(keys, files = new Set()) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`report-bundle: ${key} is not in the Vite manifest (renamed? update routes)`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);

const entryFiles = staticClosure([entryKey]);
console.log(`first-load JavaScript (gzip; goal: at most ${GOAL_KB} kB per route):`);
console.log(`  entry + static imports: ${kb(sum(entryFiles))} in ${entryFiles.size} file(s)`);
// Downloaded at boot in parallel (not a static import of the entry); boot waits for it.
const parallel = ['src/lib/auth-client.ts'].filter((key) => manifest[key]);
let over = false;
for (const [route, modules] of Object.entries(routes)) {
  const files = staticClosure([entryKey, ...modules]);
  const total = sum(files);
  over ||= total > GOAL_KB * 1024;
  const alongside = [...staticClosure(parallel)].filter((file) => !files.has(file));
  console.log(
    `  ${route.padEnd(11)} ${kb(total).padStart(9)} in ${files.size} file(s) ${total > GOAL_KB * 1024 ? 'OVER the goal' : 'within the goal'}` +
      (alongside.length ? ` (+ ${kb(sum(alongside))} auth client loaded in parallel at boot)` : ''),
  );
}

// Started by the first render but not waited for (lazy in root-layout.tsx).
const deferred = ['src/ui/toaster.tsx', 'src/features/shell/components/level-up-celebration.tsx'].filter(
  (key) => manifest[key],
);
const deferredFiles = [...staticClosure(deferred)].filter((file) => !entryFiles.has(file));
console.log(`  loaded after the first paint (toasts, level-up): ${kb(sum(deferredFiles))}`);
// src/i18n/index.ts loads every fan namespace of the active locale before the first render.
const catalogues = Object.entries(manifest)
  .filter(([key]) => /(features\/(?!admin\/)[^/]+\/i18n|i18n\/common)\/en\.json$/.test(key))
  .map(([, chunk]) => chunk.file);
console.log(
  `  English message catalogues, also loaded at boot: ${kb(sum(catalogues))} in ${catalogues.length} file(s)`,
);
const chunks = new Set(Object.values(manifest).map((chunk) => chunk.file)).size;
console.log(`  ${chunks} chunks in all`);
if (over && process.env.BUNDLE_BUDGET_STRICT) process.exitCode = 1;
