import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, FIRST_SCREENS, firstLoad, firstLoadOfBuild } from '../scripts/first-load.mjs';

/**
 * Decision 021 / product §13.9: the JavaScript boot waits for before `/` or `/dashboard` renders
 * stays within 150 kB as sent (brotli). Runs on the build `npm run e2e` makes; no timing involved.
 */
const dist = path.resolve(import.meta.dirname, '../dist');

describe('first-load budget', () => {
  it('counts the entry, its static imports, the route chunks and the catalogues, not lazy screens', () => {
    const [landing, dashboard] = Object.values(FIRST_SCREENS).map((screen) => screen.modules);
    const graph = [
      { file: 'entry.js', isEntry: true, modules: ['src/main.tsx'], imports: ['vendor.js'] },
      { file: 'vendor.js', isEntry: false, modules: ['react'], imports: [] },
      { file: 'first.js', isEntry: false, modules: [...landing!, ...dashboard!], imports: ['entry.js'] },
      { file: 'en.js', isEntry: false, modules: ['src/i18n/common/en.json'], imports: [] },
      { file: 'es.js', isEntry: false, modules: ['src/i18n/common/es.json'], imports: [] },
      { file: 'auth.js', isEntry: false, modules: ['src/lib/auth-client.ts'], imports: [] },
      { file: 'leaderboard.js', isEntry: false, modules: ['src/features/leaderboard/x.tsx'], imports: [] },
    ];
    const kB = (n: number) => ({ brotli: n * 1024, gzip: n * 1024 });
    const sizes: Record<string, number> = { 'vendor.js': 100, 'first.js': 30, 'en.js': 10, 'es.js': 10 };
    const result = firstLoad(graph, (file: string) => kB(sizes[file] ?? 5));
    expect(result['/'].files).toEqual(['en.js', 'entry.js', 'first.js', 'vendor.js']);
    expect(result['/'].brotli).toBe(145 * 1024);
    // A new static import into boot is counted, and pushes the route over the budget.
    graph[0]!.imports.push('leaderboard.js');
    sizes['leaderboard.js'] = 20;
    expect(firstLoad(graph, (file: string) => kB(sizes[file] ?? 5))['/dashboard'].brotli).toBeGreaterThan(
      BUDGET_KB * 1024,
    );
  });

  it('the production build stays within 150 kB brotli per first screen, every boot chunk preloaded', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const [route, { files, brotli }] of Object.entries(firstLoadOfBuild(dist))) {
      expect(brotli, `${route}: ${(brotli / 1024).toFixed(1)} kB`).toBeLessThanOrEqual(BUDGET_KB * 1024);
      // No waterfall: index.html names every file the first render waits for.
      for (const file of files) expect(html, `${route} waits for ${file}`).toContain(`/${file}"`);
    }
  });
});
