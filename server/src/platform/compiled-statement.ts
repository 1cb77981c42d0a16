import { type CompiledQuery, type Compilable, createQueryId, type QueryResult } from 'kysely';
import type { Database } from '../db/engine.ts';
import { prepareStatement } from '../db/prepared-statements.ts';

/**
 * A statement whose SQL never changes, only its values: built and compiled by Kysely once, then
 * run with each call's values (decision 036, amendment of the writes). Building a statement of a
 * few CTEs per request (its operation nodes, the camel-case transform, the compiler) cost a hot
 * write about as much CPU as a round trip.
 *
 * `build` receives a placeholder per value name and must use each one only where Kysely sends a
 * parameter (a value, a comparison, `sql` with `${}`), never in a literal or an identifier.
 * Compiling checks that every parameter of the statement is one of the placeholders: a value
 * built into the statement itself would be frozen into every later call, so it is refused.
 *
 * One compiled form serves every handle and transaction of the process: all are opened by
 * db/engine.ts with the same dialect and plugins, so they compile the same SQL. On PostgreSQL
 * it runs as a named statement (db/prepared-statements.ts): parsed and planned once per
 * connection instead of on every call.
 *
 * With `commits`, the statement is its transaction's last (db/deferred-begin.ts): on PostgreSQL
 * the transaction's `commit` leaves with it, one round trip fewer. Only a statement whose
 * outcome never needs a further write may say so; it refuses to commit one that would
 * (db/commit-refusal.ts), and after it the transaction may only read.
 */
export function compiledStatement<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Database, values: Record<Name, never>) => Compilable<Row>,
  options: { commits?: boolean } = {},
): (db: Database, values: Record<Name, unknown>) => Promise<QueryResult<Row>> {
  let compiled: { query: CompiledQuery<Row>; order: Name[] } | undefined;
  return async (db, values) => {
    if (!compiled) compiled = compile(db, names, build, options);
    const { query, order } = compiled;
    const parameters = order.map((name) => values[name]);
    return db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters });
  };
}

function compile<Name extends string, Row>(
  db: Database,
  names: readonly Name[],
  build: (db: Database, values: Record<Name, never>) => Compilable<Row>,
  options: { commits?: boolean },
) {
  // Unique strings no caller's value can be mistaken for.
  const byPlaceholder = new Map<unknown, Name>();
  const placeholders = {} as Record<Name, never>;
  for (const name of names) {
    const placeholder = `\u0000compiled-statement:${name}`;
    byPlaceholder.set(placeholder, name);
    placeholders[name] = placeholder as never;
  }
  const built = build(db, placeholders).compile();
  // A statement that ends its transaction is a text of its own (the same SQL may also run
  // mid-transaction); the comment only tells the two apart.
  const query = options.commits ? { ...built, sql: `/* commits */ ${built.sql}` } : built;
  // Its SQL never changes: PostgreSQL parses and plans it once per connection.
  prepareStatement(query.sql, options);
  const order = query.parameters.map((parameter, i) => {
    const name = byPlaceholder.get(parameter);
    if (name === undefined) {
      throw new Error(`compiledStatement: parameter ${i + 1} (${String(parameter)}) is not a placeholder`);
    }
    return name;
  });
  return { query, order };
}
