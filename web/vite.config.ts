import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PADDOCK_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    // scripts/report-bundle.mjs reads the manifest to report first-load JS per route (issue 4).
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is needed before the first render anyway:
        // one chunk instead of ~14 small ones compresses better (about 4 kB gzip) and saves
        // requests. Lazy routes keep their own chunks.
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
      },
    },
  },
});
