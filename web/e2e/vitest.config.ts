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
    // A screen that answers in 1.2 s on a busy 2-core machine is not a failure: expect.poll
    // waits up to 5 s here (Vitest's default is 1 s; a journey on the shared machine once missed it).
    expect: { poll: { timeout: 5_000 } },
  },
});
