// What a fan's phone downloads before `/` and `/dashboard` can render (product §13.9, decision
// 021): the entry chunk and its static imports, the route's chunks and theirs, the auth client when
// boot waits for it, and the English catalogues. Counted in brotli bytes, as the server sends them
// (web/scripts/precompress.mjs); the budget is 150 kB per route. Read from the chunk graph that
// vite.config.ts writes (dist/.vite/chunk-graph.json); used by report-bundle.mjs (every build) and
// web/e2e/first-load-budget.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const BUDGET_KB = 150;

/**
 * The source modules each first screen waits for, as src/app/router.tsx and main.tsx load them.
 * `/` renders app/routes/index-route.tsx, which shows the landing page to a visitor (the dashboard
 * in logged-off-dashboard mode); a visitor without a session cookie renders without the auth
 * client (src/lib/session.ts). `/dashboard` renders in the default layout.
 */
export const FIRST_SCREENS = {
  '/': {
    modules: ['src/app/routes/index-route.tsx', 'src/features/auth/routes/landing-route.tsx'],
    waitsForAuth: false,
  },
  '/dashboard': {
    modules: ['src/features/shell/components/layouts.tsx', 'src/app/routes/dashboard-route.tsx'],
    // A fresh session cookie is read without the auth client (src/lib/supabase.ts storedSession).
    waitsForAuth: false,
  },
};
const AUTH_CLIENT = 'src/lib/auth-client.ts';
/** src/i18n/index.ts loads every fan namespace of the active locale (English here) before the first render. */
const CATALOGUES = /^src\/(features\/(?!admin\/)[^/]+\/i18n|i18n\/common)\/en\.json$/;

/**
 * Per first screen: the files boot waits for and their brotli and gzip sizes. `graph` is the
 * chunk graph ({ file, isEntry, modules, imports }[]); `sizeOf(file)` returns { brotli, gzip }.
 */
export function firstLoad(graph, sizeOf) {
  const byFile = new Map(graph.map((chunk) => [chunk.file, chunk]));
  const chunkOf = (module) => {
    const chunk = graph.find((c) => c.modules.includes(module));
    if (!chunk) throw new Error(`first-load: no chunk holds ${module} (renamed? update FIRST_SCREENS)`);
    return chunk;
  };
  const closure = (chunks, files = new Set()) => {
    const visit = (chunk) => {
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const file of chunk.imports) visit(byFile.get(file));
    };
    for (const chunk of chunks) visit(chunk);
    return files;
  };
  const entry = graph.find((chunk) => chunk.isEntry);
  const catalogues = new Set(graph.flatMap((c) => c.modules.filter((m) => CATALOGUES.test(m)).map(() => c)));
  const result = {};
  for (const [route, { modules, waitsForAuth }] of Object.entries(FIRST_SCREENS)) {
    const roots = [
      entry,
      ...modules.map(chunkOf),
      ...catalogues,
      ...(waitsForAuth ? [chunkOf(AUTH_CLIENT)] : []),
    ];
    const files = [...closure(roots)].sort();
    const sizes = files.map(sizeOf);
    result[route] = {
      files,
      brotli: sizes.reduce((total, size) => total + size.brotli, 0),
      gzip: sizes.reduce((total, size) => total + size.gzip, 0),
    };
  }
  return result;
}

/** firstLoad over a build in `dist` (the .br copies precompress.mjs wrote, or compressed here). */
export function firstLoadOfBuild(dist) {
  const graph = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-graph.json'), 'utf8'));
  return firstLoad(graph, (file) => {
    const bytes = readFileSync(path.join(dist, file));
    const br = path.join(dist, `${file}.br`);
    return {
      brotli: existsSync(br) ? readFileSync(br).length : brotliCompressSync(bytes).length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    };
  });
}
