import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.PADDOCK_API ?? 'http://localhost:3000';

/**
 * The auth client is a lazy chunk (src/lib/supabase.ts) so it stays out of the entry, but boot
 * needs it before the first render: a modulepreload hint lets the browser fetch it alongside the
 * entry instead of after the entry has run.
 */
function preloadAuthClient(): Plugin {
  return {
    name: 'paddock:preload-auth-client',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/lib/auth-client.ts'),
        );
        if (!chunk) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadAuthClient(),
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
    sourcemap: true,
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
              test: /\/src\/(ui\/console\/|lib\/(console-|organization-console-))/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
