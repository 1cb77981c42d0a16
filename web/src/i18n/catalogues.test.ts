import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './index.ts';

/** Issue 4 §6: English and Spanish complete — every key of one catalogue exists in the other. */
const src = path.resolve(import.meta.dirname, '..');

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix.replace(/_(one|other|zero|two|few|many)$/, '_plural')];
}

const namespaces: [string, string][] = [['common', path.join(src, 'i18n/common')]];
for (const feature of readdirSync(path.join(src, 'features'))) {
  const dir = path.join(src, 'features', feature, 'i18n');
  if (existsSync(path.join(dir, 'en.json'))) namespaces.push([feature, dir]);
}

describe('message catalogues', () => {
  it.each(namespaces)('%s has the same keys in every locale', (_name, dir) => {
    const [first, ...rest] = LOCALES.map(
      (l) => new Set(keys(JSON.parse(readFileSync(path.join(dir, `${l}.json`), 'utf8')))),
    );
    for (const other of rest) expect([...other!].sort()).toEqual([...first!].sort());
  });
});
