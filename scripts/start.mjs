// npm start: build the web app and the server when a build is missing or older than its
// sources, then serve everything (API, auth, SPA) from one port.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUILD, serverBuildStale, serverNodeFlags } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist' || name === 'e2e') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contracts/src'].map((p) =>
  path.join(root, p),
);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  // The build's file listing is noise to someone starting the app: keep it, show it only on failure,
  // and print one line with the time and the first-load sizes from web/scripts/report-bundle.mjs.
  process.stdout.write('Building the web app… ');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    console.log('failed.');
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    process.exit(result.status ?? 1);
  }
  const sizes = [...(result.stdout ?? '').matchAll(/^\s+(\/\S*)\s+([\d.]+ kB)/gm)].map(
    ([, route, size]) => `${route} ${size}`,
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`done in ${seconds} s${sizes.length ? ` (first-load JavaScript: ${sizes.join(', ')})` : ''}.`);
}

// The server itself runs compiled (decision 037): built when a source is newer than the build.
if (serverBuildStale()) {
  process.stdout.write('Building the server… ');
  const started = Date.now();
  await buildServer();
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// A production server refuses to start without SITE_URL (links in e-mails are built from it,
// decision 026). `npm start` on a laptop (NODE_ENV unset) is the local demo: its site is here.
const localDemo = !process.env.NODE_ENV && !process.env.SITE_URL;
const server = spawnSync(process.execPath, [...serverNodeFlags(), SERVER_BUILD], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    ...(localDemo ? { SITE_URL: `http://localhost:${process.env.PORT || 3000}` } : {}),
  },
});
process.exit(server.status ?? 0);
