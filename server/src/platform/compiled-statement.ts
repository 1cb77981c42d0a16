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
 */
export function compiledStatement<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Database, values: Record<Name, never>) => Compilable<Row>,
): (db: Database, values: Record<Name, unknown>) => Promise<QueryResult<Row>> {
  let compiled: { query: CompiledQuery<Row>; order: Name[] } | undefined;
  return async (db, values) => {
    if (!compiled) compiled = compile(db, names, build);
    const { query, order } = compiled;
    const parameters = order.map((name) => values[name]);
    return db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters });
  };
}

function compile<Name extends string, Row>(
  db: Database,
  names: readonly Name[],
  build: (db: Database, values: Record<Name, never>) => Compilable<Row>,
) {
  // Unique strings no caller's value can be mistaken for.
  const byPlaceholder = new Map<unknown, Name>();
  const placeholders = {} as Record<Name, never>;
  for (const name of names) {
    const placeholder = `\u0000compiled-statement:${name}`;
    byPlaceholder.set(placeholder, name);
    placeholders[name] = placeholder as never;
  }
  const query = build(db, placeholders).compile();
  // Its SQL never changes: PostgreSQL parses and plans it once per connection.
  prepareStatement(query.sql);
  const order = query.parameters.map((parameter, i) => {
    const name = byPlaceholder.get(parameter);
    if (name === undefined) {
      throw new Error(`compiledStatement: parameter ${i + 1} (${String(parameter)}) is not a placeholder`);
    }
    return name;
  });
  return { query, order };
}
