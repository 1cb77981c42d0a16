import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 4 §6: English and Spanish complete. Every key of the feature catalogues built in this
 * part of the app (brief h7) exists in both languages, with a non-empty text.
 */
const FEATURES = ['challenges', 'content', 'stories', 'sweepstakes', 'activations', 'downloads', 'hubs'];
const featuresDir = path.resolve(import.meta.dirname, '../..');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

const read = (feature: string, locale: string) =>
  flatten(JSON.parse(readFileSync(path.join(featuresDir, feature, 'i18n', `${locale}.json`), 'utf8')));

describe('feature catalogues are complete in English and Spanish', () => {
  for (const feature of FEATURES) {
    it(`${feature}: the same keys in en and es, none empty`, () => {
      const en = read(feature, 'en');
      const es = read(feature, 'es');
      expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries({ ...en, ...es })) expect(text.trim(), key).not.toBe('');
    });
  }
});
