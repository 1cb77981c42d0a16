import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OWNERSHIP_EXCEPTIONS, TABLE_OWNERS, type TableName } from './table-owners.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = new Set(
  readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? [d.name] : [],
  ),
);
const TABLES = new Set(Object.keys(TABLE_OWNERS));
const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The module a source file belongs to (see db/table-owners.ts). */
function moduleOf(file: string): string {
  const [top, second = ''] = file.split('/');
  if (top === 'modules') return second;
  if (top === 'seed') {
    const domain = second.split('-')[0] ?? '';
    return MODULES.has(domain) ? domain : 'seed';
  }
  return top?.endsWith('.ts') ? 'app' : (top ?? 'app');
}

/** Non-test server source: tests, test helpers and migrations (DDL) are not scanned. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const rel = path.relative(SRC, full).split(path.sep).join('/');
    if (entry.isDirectory()) return rel === 'test' || rel === 'db/migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

const BUILDER =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto)\(\s*/g;
/** db/org-rows.ts's helpers take the table as their second argument: their callers are scanned. */
const ORG_ROW_HELPER = /\b(findOrgRow|listOrgRows|saveOrgRow|updateOrgRow|deleteOrgRow)\(\s*[^,()]+,\s*/g;
/** The helpers themselves query the table their caller names, so only their callers can be checked. */
const GENERIC_QUERY_FILES = new Set(['db/org-rows.ts']);
/** A common table expression (`.with('name', …)`) is named like a table but is the query's own. */
const CTE = /\.with\(\s*'([A-Za-z_][A-Za-z0-9_]*)'/g;
const RAW_SQL = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const RAW_TABLE = /\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi;

interface Query {
  file: string;
  line: number;
  table: string;
}

/** The CTE names a piece of source declares. */
const ctesOf = (source: string) => [...source.matchAll(CTE)].flatMap((m) => (m[1] ? [m[1]] : []));

/**
 * Every table a piece of source names in a Kysely builder call or a raw `sql` template.
 * `sharedCtes`: CTEs another file adds to this file's statements (the ledger's award inside its
 * caller's statement, decision 039); no CTE is named like a table (checked below).
 */
function tablesQueried(
  file: string,
  source: string,
  sharedCtes: ReadonlySet<string> = new Set(),
): { queries: Query[]; unscannable: Query[] } {
  const lineAt = (index: number) => source.slice(0, index).split('\n').length;
  const queries: Query[] = [];
  const unscannable: Query[] = [];
  const ctes = new Set([...ctesOf(source), ...sharedCtes]);
  const calls = GENERIC_QUERY_FILES.has(file)
    ? []
    : [...source.matchAll(BUILDER), ...source.matchAll(ORG_ROW_HELPER)];
  for (const m of calls) {
    const rest = source.slice((m.index ?? 0) + m[0].length);
    const literal = /^\[?\s*'([A-Za-z_][A-Za-z0-9_]*)(?:\s+as\s+\w+)?'/.exec(rest);
    const line = lineAt(m.index ?? 0);
    if (literal?.[1] && ctes.has(literal[1])) continue;
    if (literal?.[1]) queries.push({ file, line, table: literal[1] });
    else unscannable.push({ file, line, table: rest.slice(0, 30) });
  }
  for (const m of source.matchAll(RAW_SQL)) {
    for (const t of (m[1] ?? '').matchAll(RAW_TABLE)) {
      const table = snakeToCamel(t[1]?.toLowerCase() ?? '');
      if (TABLES.has(table)) queries.push({ file, line: lineAt(m.index ?? 0), table });
    }
  }
  return { queries, unscannable };
}

function violations(queries: Query[]) {
  return queries.flatMap((q) => {
    const owner = TABLE_OWNERS[q.table as TableName];
    const module = moduleOf(q.file);
    if (owner === undefined) return [`${q.file}:${q.line} queries "${q.table}", which no module owns`];
    if (owner === module) return [];
    if (OWNERSHIP_EXCEPTIONS.some((e) => e.table === q.table && e.module === module)) return [];
    return [`${q.file}:${q.line} (${module}) queries "${q.table}", owned by ${owner}: call its service`];
  });
}

describe('table ownership', () => {
  const sources = sourceFiles().map((file) => ({ file, source: readFileSync(path.join(SRC, file), 'utf8') }));
  const allCtes = new Set(sources.flatMap(({ source }) => ctesOf(source)));
  const scanned = sources.map(({ file, source }) => tablesQueried(file, source, allCtes));
  const queries = scanned.flatMap((s) => s.queries);

  it('finds the queries it checks (the scan is not vacuous)', () => {
    expect(queries.length).toBeGreaterThan(200);
    expect(new Set(queries.map((q) => q.table)).size).toBeGreaterThan(40);
  });

  it('no CTE is named like a table, so none hides a query of one', () => {
    expect(allCtes.size).toBeGreaterThan(5);
    expect([...allCtes].filter((name) => TABLES.has(name))).toEqual([]);
  });

  it('every query names its table literally, so the scan sees it', () => {
    expect(scanned.flatMap((s) => s.unscannable)).toEqual([]);
  });

  it('only the owning module queries a table (plus the documented exceptions)', () => {
    expect(violations(queries)).toEqual([]);
  });

  it('every exception names a real module and is still needed', () => {
    for (const e of OWNERSHIP_EXCEPTIONS) {
      expect(MODULES.has(e.module) || ['auth', 'admin', 'platform'].includes(e.module), e.module).toBe(true);
      expect(
        queries.some((q) => q.table === e.table && moduleOf(q.file) === e.module),
        `${e.module} → ${e.table}`,
      ).toBe(true);
    }
  });

  it('reports a foreign query, in a builder call or in raw SQL', () => {
    const builder = tablesQueried(
      'modules/content/x.ts',
      "db.selectFrom('users as u').leftJoin('videos as v')",
    );
    expect(violations(builder.queries)).toEqual([
      'modules/content/x.ts:1 (content) queries "users", owned by profile: call its service',
    ]);
    const raw = tablesQueried('admin/x.ts', 'sql`select * from challenge_responses r join videos v on true`');
    expect(violations(raw.queries)).toEqual([
      'admin/x.ts:1 (admin) queries "challengeResponses", owned by challenges: call its service',
      'admin/x.ts:1 (admin) queries "videos", owned by content: call its service',
    ]);
    expect(tablesQueried('seed/rewards-seed.ts', "db.insertInto('offers')").queries).toHaveLength(1);
    expect(violations(tablesQueried('seed/rewards-seed.ts', "db.insertInto('offers')").queries)).toEqual([]);
    expect(tablesQueried('modules/x/y.ts', 'db.selectFrom(table)').unscannable).toHaveLength(1);
    const helper = tablesQueried('modules/content/x.ts', "await saveOrgRow(trx, 'badges', org.id, id, v)");
    expect(violations(helper.queries)).toEqual([
      'modules/content/x.ts:1 (content) queries "badges", owned by rewards: call its service',
    ]);
  });
});
