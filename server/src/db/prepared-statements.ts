import type pg from 'pg';

/**
 * Named (server-side prepared) statements for the SQL a hot path runs on every request
 * (decision 036, amendment "prepared statements"). node-postgres sends every other statement
 * unnamed: PostgreSQL parses, analyses and plans it again on each call, which for the
 * few-CTE writes of an answer or an entry costs the database more CPU than executing them. A
 * statement registered here is parsed once per pooled connection and then only bound and run.
 *
 * Only SQL that never changes is registered (platform/compiled-statement.ts does it for its
 * statements), so the set is small and fixed by the code: each connection holds at most one
 * prepared statement per registered text.
 *
 * A migration run by a newer process while this one is up can change a table a prepared
 * statement returns rows of; PostgreSQL then refuses the old statement ("cached plan must not
 * change result type", 0A000) once per connection. That connection moves on to a fresh name for
 * the statement, so only the statement that met it fails (its request answers 500 once).
 */

const names = new Map<string, string>();
/** The registered texts that end their transaction (deferred-begin.ts sends `commit` with them). */
const committing = new Set<string>();

/**
 * Registers `text` to run as a named statement on PostgreSQL; answers its name. Idempotent.
 * With `commits`, the statement is its transaction's last: its `commit` leaves in the same
 * network write (deferred-begin.ts), and the statement itself refuses to commit an outcome
 * that needs a further write (db/commit-refusal.ts).
 */
export function prepareStatement(text: string, options: { commits?: boolean } = {}): string {
  let name = names.get(text);
  if (!name) {
    name = `paddock_${names.size + 1}`;
    names.set(text, name);
  }
  if (options.commits) committing.add(text);
  return name;
}

/** Whether `text` was registered as its transaction's last statement. */
export function commitsTransaction(text: unknown): boolean {
  return typeof text === 'string' && committing.has(text);
}

/** A node-postgres client's query function, as Kysely calls it. */
export type Query = (text: unknown, values?: unknown) => Promise<pg.QueryResult>;

const STALE_PLAN = '0A000';

/**
 * Wraps `query` (a pooled client's own) so registered SQL travels as a named statement. The
 * generation suffix changes when this connection met a stale plan for that name.
 */
export function namedStatements(query: Query): Query {
  const generations = new Map<string, number>();
  return (text, values) => {
    const base = typeof text === 'string' ? names.get(text) : undefined;
    if (!base) return query(text, values);
    const generation = generations.get(base) ?? 0;
    const name = generation ? `${base}_${generation}` : base;
    return query({ name, text, values }, undefined).catch((error: { code?: string }) => {
      if (error?.code === STALE_PLAN) generations.set(base, generation + 1);
      throw error;
    });
  };
}
