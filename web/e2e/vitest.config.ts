import { defineConfig } from 'vitest/config';

/** Browser journeys: the real server on PGlite, driven in Debian's Chromium through playwright-core. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['web/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
