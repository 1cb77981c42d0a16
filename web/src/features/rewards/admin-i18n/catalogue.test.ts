import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The console's rewards strings are complete in English and Spanish (issue 4 §6), like every catalogue. */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix.replace(/_(one|other)$/, '_plural')];
}

const read = (lng: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `${lng}.json`), 'utf8')) as Record<string, unknown>;

describe('rewards-admin catalogue', () => {
  it('has the same keys in English and Spanish', () => {
    expect([...new Set(keys(read('es')))].sort()).toEqual([...new Set(keys(read('en')))].sort());
  });
});
