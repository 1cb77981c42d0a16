// The production server, compiled ahead of time (decision 037): server/src/main.ts and the
// contracts it imports, bundled by esbuild into server/dist/main.mjs (and the PGlite worker
// thread's entry into server/dist/pglite-worker.mjs); npm packages stay imports.
// Running the TypeScript through tsx costs a loader thread of its own (~70 MB of RSS) and a
// compile on every start; `npm start`, the benchmark and the Lighthouse script run this build.
//
//   node scripts/build-server.mjs          # build when a source is newer than the build
//   node scripts/build-server.mjs --force  # build anyway
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/** Kept at the depth of server/src, so paths the server resolves from its own file stay the same. */
export const SERVER_BUILD = path.join(root, 'server/dist/main.mjs');
const PGLITE_WORKER_BUILD = path.join(root, 'server/dist/pglite-worker.mjs');
const SOURCES = ['server/src', 'contracts/src', 'server/package.json', 'package-lock.json'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Whether server/dist/main.mjs (or the worker beside it) is missing or older than any source. */
export function serverBuildStale() {
  if (!existsSync(SERVER_BUILD) || !existsSync(PGLITE_WORKER_BUILD)) return true;
  const built = statSync(SERVER_BUILD).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

export async function buildServer() {
  await build({
    entryPoints: [
      { in: path.join(root, 'server/src/main.ts'), out: 'main' },
      // The embedded database's thread (decision 010, amendment): the server starts it from the
      // file beside its own, as the sources do from server/src/db.
      { in: path.join(root, 'server/src/db/pglite-worker.mjs'), out: 'pglite-worker' },
    ],
    outdir: path.dirname(SERVER_BUILD),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // npm packages are loaded from node_modules as before; only our own TypeScript is compiled.
    packages: 'external',
    alias: { '@paddock/contracts': path.join(root, 'contracts/src') },
    // Stack traces in the logs point into the sources (node --enable-source-maps).
    sourcemap: true,
    logLevel: 'warning',
  });
}

/**
 * The JavaScript heap's sizes in MB, each unless NODE_OPTIONS sets it (docs/operations.md,
 * "Memory"). With an old-generation ceiling under 2 GB, V8 lets the old generation grow to at
 * most about twice what survived its last full collection instead of four times: at 100,000 fans
 * the loaded server peaked at 452 MB with V8's default (~4 GB here) for under 100 MB of live
 * data, and at 273 MB with the ceiling. The ceiling alone made a read cost 20-30 % more CPU (more
 * full collections); young generations of 32 MB instead of 16 promote less of what requests in
 * flight hold, which took that back (a read cost 0-10 % less than with neither flag).
 */
export const HEAP_CEILING_MB = 1536;
export const SEMI_SPACE_MB = 32;

/**
 * Node's flags for the server: stack traces in the logs name the sources (decision 037), and
 * the heap sizes above. A size set in NODE_OPTIONS is the operator's choice and wins (a
 * command-line flag would override it, so ours is then left out).
 */
export function serverNodeFlags(env = process.env) {
  const options = env.NODE_OPTIONS ?? '';
  const flags = ['--enable-source-maps'];
  if (!/--max-old-space-size\b/.test(options)) flags.push(`--max-old-space-size=${HEAP_CEILING_MB}`);
  if (!/--max-semi-space-size\b/.test(options)) flags.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  return flags;
}

/**
 * The arguments that start the compiled server with `node` (built first when stale): what
 * `npm start`, the Lighthouse script and the browser journeys spawn.
 */
export async function compiledServerArgs() {
  if (serverBuildStale()) await buildServer();
  return [...serverNodeFlags(), SERVER_BUILD];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--force') || serverBuildStale()) {
    const started = Date.now();
    await buildServer();
    console.log(
      `Server built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(root, SERVER_BUILD)}`,
    );
  } else {
    console.log(`Server build is up to date: ${path.relative(root, SERVER_BUILD)}`);
  }
}
