import { describe, expect, it } from 'vitest';
import { isChunkLoadError, RELOAD_GUARD_MS, shouldReload } from './reload-guard.ts';

describe('page-reload guard (product §9: 10 s)', () => {
  it('reloads the first time a chunk fails', () => {
    expect(shouldReload(1_000_000, null)).toBe(true);
  });
  it('never reloads again within 10 s', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReload(1_009_999, 1_000_000)).toBe(false);
  });
  it('reloads again once 10 s have passed', () => {
    expect(shouldReload(1_010_000, 1_000_000)).toBe(true);
  });
  it('recognises the browsers’ chunk-load failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
