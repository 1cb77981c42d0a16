import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the documents of this repository: "product §n.m" (docs/product.md), "decision
 * NNN" (docs/decisions/NNN-*.md) and "auth-compat §n" / "realtime-compat §n". This test keeps
 * those citations from rotting: every one must name a section, numbered item or record that
 * exists, and nothing may point at documents a clone does not contain (the old SPEC/DESIGN/
 * STYLE files, issue numbers, helper briefs).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SELF = fileURLToPath(import.meta.url);
const SCANNED = ['contracts', 'server', 'web', 'scripts', 'docs'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git', 'test-results']);
const EXTENSIONS = /\.(ts|tsx|mjs|js|css|html|md)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : files(full);
    return EXTENSIONS.test(entry.name) && full !== SELF ? [full] : [];
  });
}

const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

/**
 * The citable places of a document: its headings ("## §10.2 …" → 10.2) and the numbered items
 * under each ("3. …" under "## §6" → 6.3).
 */
export function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  let current: string | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^#+ §(\d+(?:\.\d+)*)\s/.exec(line);
    if (heading?.[1]) {
      current = heading[1];
      sections.add(current);
      continue;
    }
    const item = /^(\d+)\. /.exec(line);
    if (item && current) sections.add(`${current}.${item[1]}`);
  }
  return sections;
}

const DOCS = {
  product: sectionsOf(read('docs/product.md')),
  'auth-compat': sectionsOf(read('docs/auth-compat.md')),
  'realtime-compat': sectionsOf(read('docs/realtime-compat.md')),
};
const DECISIONS = new Set(
  readdirSync(path.join(ROOT, 'docs/decisions')).flatMap((f) => /^(\d{3})-.*\.md$/.exec(f)?.[1] ?? []),
);

/** "product §3, §5/§7 and §9.4": the document, then every section of the list. */
const SECTION_CITATION =
  /\b([Pp]roduct|auth-compat|realtime-compat) (§\d+(?:\.\d+)*(?:(?:, | and |\/)§\d+(?:\.\d+)*)*)/g;
const DECISION_CITATION = /\b[Dd]ecisions? (\d{3}(?:(?:, | and | or )\d{3})*)/g;
/** Citations of documents that are not in the repository. */
const OUTSIDE =
  /\bSPEC §|\bDESIGN (?:decision|")|\bDESIGN[:)]|\b[Ii]ssue \d|\bSTYLE\.md|\bbrief h\d|(?<![/\w])(?:auth|realtime)-compat\.md/;

interface Citation {
  at: string;
  cited: string;
}

export function citationsIn(source: string, at: (index: number) => string) {
  const broken: Citation[] = [];
  for (const m of source.matchAll(SECTION_CITATION)) {
    const doc = (m[1] ?? '').toLowerCase() as keyof typeof DOCS;
    for (const section of (m[2] ?? '').match(/§[\d.]+/g) ?? []) {
      if (!DOCS[doc].has(section.slice(1))) broken.push({ at: at(m.index), cited: `${doc} ${section}` });
    }
  }
  for (const m of source.matchAll(DECISION_CITATION)) {
    for (const n of (m[1] ?? '').match(/\d{3}/g) ?? []) {
      if (!DECISIONS.has(n)) broken.push({ at: at(m.index), cited: `decision ${n}` });
    }
  }
  return broken;
}

function scan() {
  const broken: Citation[] = [];
  const outside: Citation[] = [];
  for (const file of SCANNED.flatMap((dir) => files(path.join(ROOT, dir)))) {
    const source = readFileSync(file, 'utf8');
    const rel = path.relative(ROOT, file);
    const at = (index: number) => `${rel}:${source.slice(0, index).split('\n').length}`;
    broken.push(...citationsIn(source, at));
    source.split('\n').forEach((line, i) => {
      const m = OUTSIDE.exec(line);
      if (m) outside.push({ at: `${rel}:${i + 1}`, cited: m[0] });
    });
  }
  return { broken, outside };
}

describe('citations in code and docs', () => {
  it('reads the documents: headings and numbered items are citable, nothing else', () => {
    expect(DOCS.product.has('10.2.1')).toBe(true);
    expect(DOCS.product.has('6.6')).toBe(true);
    expect(DOCS.product.has('99')).toBe(false);
    expect(DOCS['auth-compat'].has('11')).toBe(true);
    expect(DECISIONS.has('021')).toBe(true);
    const lines = citationsIn('product §2, §99.1 and decisions 004, 998', () => 'x');
    expect(lines.map((c) => c.cited)).toEqual(['product §99.1', 'decision 998']);
  });

  const { broken, outside } = scan();

  it('every cited section, item and decision record exists', () => {
    expect(broken).toEqual([]);
  });

  it('nothing cites a document outside the repository', () => {
    expect(outside).toEqual([]);
  });
});
