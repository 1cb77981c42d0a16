import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './index.ts';

/**
 * Product §13.6: English and Spanish complete. Every catalogue (the fans': common and
 * features/<f>/i18n; the console's: i18n/console and features/<f>/console/i18n) has the same
 * keys in every locale, and none of its texts is empty.
 */
const src = path.resolve(import.meta.dirname, '..');

/** Every text of a catalogue by its key path, plural forms under one `_plural` key. */
function texts(value: unknown, prefix = ''): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
  }
  return [[prefix.replace(/_(one|other|zero|two|few|many)$/, '_plural'), value]];
}

const namespaces: [string, string][] = [
  ['common', path.join(src, 'i18n/common')],
  ['console', path.join(src, 'i18n/console')],
];
for (const feature of readdirSync(path.join(src, 'features'))) {
  for (const [namespace, dir] of [
    [feature, path.join(src, 'features', feature, 'i18n')],
    [`${feature}-console`, path.join(src, 'features', feature, 'console', 'i18n')],
  ] as const) {
    if (existsSync(path.join(dir, 'en.json'))) namespaces.push([namespace, dir]);
  }
}

describe('message catalogues', () => {
  it.each(namespaces)('%s has the same keys in every locale, none empty', (_name, dir) => {
    const [first, ...rest] = LOCALES.map((l) =>
      texts(JSON.parse(readFileSync(path.join(dir, `${l}.json`), 'utf8'))),
    );
    const keys = (list: [string, unknown][]) => [...new Set(list.map(([key]) => key))].sort();
    for (const other of rest) expect(keys(other!)).toEqual(keys(first!));
    for (const [key, text] of [first!, ...rest].flat()) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });
});
