import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.PADDOCK_API ?? 'http://localhost:3000';

/**
 * Chunks boot loads with a dynamic import but needs on every first load: modulepreload hints let
 * the browser fetch them alongside the entry instead of after the entry has run (decision 021).
 * The first screens with the shell's layouts (the first-screen group below) and the English
 * catalogues (always loaded, the fallback).
 */
function preloadBootChunks(): Plugin {
  // Not the auth client: the first render does not wait for it (src/lib/session.ts), and on a slow
  // connection its 21 kB would share the bandwidth with what it does wait for. Boot imports it.
  const wanted = [/\/src\/app\/routes\/index-route\.tsx$/, /\/src\/i18n\/common\/en\.json$/];
  return {
    name: 'paddock:preload-boot-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {});
        return wanted
          .flatMap((re) => {
            const chunk = chunks.find(
              (c) => c.type === 'chunk' && Object.keys(c.modules).some((id) => re.test(id)),
            );
            return chunk ? [chunk] : [];
          })
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Writes dist/.vite/chunk-graph.json: every JavaScript chunk with the source modules it holds and
 * the chunks it imports statically. Vite's manifest names a chunk only by its first module, so a
 * route merged into a group chunk (first-screen below) would vanish from it;
 * web/scripts/first-load.mjs reads this graph to count what boot waits for (decision 021).
 */
function chunkGraph(): Plugin {
  return {
    name: 'paddock:chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = `${import.meta.dirname}/`;
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                isEntry: output.isEntry,
                modules: Object.keys(output.modules).map((id) => id.replace(root, '')),
                imports: output.imports,
              },
            ]
          : [],
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-graph.json', source: JSON.stringify(chunks) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadBootChunks(),
    chunkGraph(),
    // Installable app (README "Installable app"): a Workbox service
    // worker with the app shell precached, fonts and images cached as they are used. The
    // manifest and icons are the committed ones in public/; the app registers the worker
    // itself after the first paint (features/shell/lib/service-worker.ts).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{html,css,js,svg,png,webmanifest}'],
        // The strength meter's dictionary (~1 MB) is fetched by the sign-up form only.
        globIgnores: ['**/password-strength-*.js', '**/*.map'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Offline, any page of the SPA opens the shell; the API, auth and files stay network-only.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(api|auth|files|realtime)\//, /^\/config\.json$/],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'paddock-config', networkTimeoutSeconds: 3 },
          },
          {
            urlPattern: ({ request }) => request.destination === 'font',
            handler: 'CacheFirst',
            options: {
              cacheName: 'paddock-fonts',
              expiration: { maxEntries: 30, maxAgeSeconds: 365 * 86400 },
            },
          },
          {
            // Stored files never change under their id (decision 018); posters and avatars.
            urlPattern: ({ request, url }) =>
              request.destination === 'image' &&
              (url.pathname.startsWith('/files/') || url.pathname.startsWith('/assets/')),
            handler: 'CacheFirst',
            options: {
              cacheName: 'paddock-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 86400 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
            handler: 'CacheFirst',
            options: { cacheName: 'paddock-chunks', expiration: { maxEntries: 50 } },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/auth': api,
      '/files': api,
      '/config.json': api,
    },
  },
  build: {
    outDir: 'dist',
    // No public source maps in production (the server refuses to serve any, platform/web-static.ts);
    // PADDOCK_SOURCEMAP=1 writes them locally, to study what a chunk holds.
    sourcemap: process.env.PADDOCK_SOURCEMAP === '1',
    // scripts/report-bundle.mjs reads the manifest to report first-load JS per route (product §13.9).
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is needed before the first render anyway:
        // one chunk instead of ~14 small ones compresses better (about 4 kB gzip) and saves
        // requests. Lazy routes keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'] },
            // The operator console's kit (ui/console, lib/console-*): one chunk shared by every
            // console screen instead of a dozen small ones, which also keeps the console's route
            // table in the entry short (each lazy route lists the chunks it preloads).
            {
              name: 'console-kit',
              // use-form-fields also serves the fans' sign-in forms, so it stays with them.
              test: /\/src\/(ui\/console\/(?!use-form-fields)|lib\/(console-|organization-console-))/,
              includeDependenciesRecursively: false,
            },
            // Each locale's fan catalogues in one chunk (src/i18n/index.ts loads all of them before
            // the first render): one request instead of twenty (decision 021).
            {
              name: (id) =>
                /\/src\/(features\/(?!admin\/)[^/]+\/i18n|i18n\/common)\/([a-z]{2})\.json$/.exec(id)?.[2]
                  ? `i18n-${/([a-z]{2})\.json$/.exec(id)?.[1]}`
                  : null,
              includeDependenciesRecursively: false,
            },
            // The first screens, `/` (landing, or the dashboard in logged-off-dashboard mode) and
            // `/dashboard` with its layout, and everything they import: one chunk instead of ~25
            // files of ~1 kB, since every request costs a round trip and ~1.3 kB of headers on a
            // slow phone (decision 021). Other screens keep their own chunks.
            {
              name: 'first-screen',
              test: /\/src\/(app\/routes\/(index|dashboard)-route|features\/auth\/routes\/landing-route|features\/shell\/components\/layouts)\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
