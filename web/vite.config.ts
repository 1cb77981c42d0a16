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
  build: { outDir: 'dist', sourcemap: true, manifest: true, reportCompressedSize: false },
});
