/**
 * The server is started with a JavaScript heap ceiling (docs/operations.md, "Memory"): what
 * `npm start`, the benchmark and the browser journeys pass to `node`. Checked on a real `node`
 * started with the flags, since the ceiling is what V8 ends up with, and an operator's
 * NODE_OPTIONS must win.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_CEILING_MB, SEMI_SPACE_MB, serverNodeFlags } from './build-server.mjs';

/** The heap limit (MB) of a `node` started with these flags and this NODE_OPTIONS. */
function heapLimitMb(flags: string[], nodeOptions = ''): number {
  const out = execFileSync(
    process.execPath,
    [...flags, '-p', "require('node:v8').getHeapStatistics().heap_size_limit"],
    { env: { ...process.env, NODE_OPTIONS: nodeOptions }, encoding: 'utf8' },
  );
  return Number(out.trim()) / 2 ** 20;
}

describe('the server’s node flags', () => {
  it('start V8 with the heap ceiling instead of its default (about 4 GB on a large machine)', () => {
    const limit = heapLimitMb(serverNodeFlags({}));
    // heap_size_limit is the old generation's ceiling plus the young generation's (tens of MB).
    expect(limit).toBeGreaterThanOrEqual(HEAP_CEILING_MB);
    expect(limit).toBeLessThan(HEAP_CEILING_MB + 128);
  });

  it('leave the ceiling to NODE_OPTIONS when the operator sets one there', () => {
    const options = '--max-old-space-size=3000';
    const flags = serverNodeFlags({ NODE_OPTIONS: options });
    expect(flags.some((f) => f.startsWith('--max-old-space-size'))).toBe(false);
    const limit = heapLimitMb(flags, options);
    expect(limit).toBeGreaterThanOrEqual(3000);
    expect(limit).toBeLessThan(3000 + 128);
  });

  it('give the young generation larger semi-spaces than V8’s default of 16 MB, unless NODE_OPTIONS sizes them', () => {
    const ours = heapLimitMb(serverNodeFlags({}));
    const options = '--max-semi-space-size=16';
    const flags = serverNodeFlags({ NODE_OPTIONS: options });
    expect(flags.some((f) => f.startsWith('--max-semi-space-size'))).toBe(false);
    // heap_size_limit counts the young generation as three semi-spaces.
    expect(ours - heapLimitMb(flags, options)).toBe(3 * (SEMI_SPACE_MB - 16));
  });

  it('keep source maps on, so stack traces in the logs name the sources (decision 037)', () => {
    expect(serverNodeFlags({})).toContain('--enable-source-maps');
  });
});
