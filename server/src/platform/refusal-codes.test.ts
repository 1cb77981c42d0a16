import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REFUSAL_CODES } from '@paddock/contracts/api/refusals';
import { describe, expect, it } from 'vitest';

/**
 * The refusal codes a client can receive are the contracts' lists (decision 003): the type of
 * `unprocessable`/`conflict` keeps a typo out, and this scan keeps the lists honest in both
 * directions — nothing reaches a client around the helpers, and no listed code is dead.
 */
const serverSrc = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sources(serverSrc).map((file) => ({
  file: path.relative(serverSrc, file),
  text: readFileSync(file, 'utf8'),
}));

describe('refusal codes', () => {
  it('every 409 and 422 goes through unprocessable() or conflict()', () => {
    const bypasses = files
      .filter(({ file }) => file !== path.join('platform', 'errors.ts'))
      .filter(({ text }) => /new AppError\(\s*(409|422)\b/.test(text))
      .map(({ file }) => file);
    expect(bypasses).toEqual([]);
  });

  it('every listed code is emitted somewhere, and every emitted code is listed', () => {
    const emitted = new Set<string>();
    for (const { text } of files) {
      for (const match of text.matchAll(/\b(?:unprocessable|conflict)\(\s*'([a-z_]+)'/g)) {
        emitted.add(match[1] as string);
      }
    }
    expect([...emitted].sort()).toEqual([...new Set<string>(REFUSAL_CODES)].sort());
  });
});
