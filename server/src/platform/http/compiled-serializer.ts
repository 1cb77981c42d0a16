import type { FastifySchemaCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Response serialisation compiled once per route (decision 032, "serialisation"): each route's
 * zod response schema is turned into JSON Schema and compiled by fast-json-stringify, Fastify's
 * own serializer. The zod serializer of fastify-type-provider-zod parsed every response (a full
 * copy of it) and then ran JSON.stringify: on GET /challenge's 18 kB list that was ~100 µs of
 * CPU per request against ~47 µs compiled. The compiled one writes only the schema's
 * properties, so a field the contract does not name still never leaves the server.
 *
 * A schema JSON Schema cannot express (a transform, a refinement's output) keeps the zod
 * serializer for that route. With `check` (the tests), every response is serialised both ways
 * and a difference is an error, so the whole test suite proves the compiled output is the
 * contract's own.
 */
type SerializerCompiler =
  FastifySchemaCompiler<ZodType> extends (...args: infer A) => unknown
    ? (...args: A) => (data: unknown) => string
    : never;

/** The zod schema a route declared (fastify-type-provider-zod accepts `{ properties: schema }` too). */
function zodSchemaOf(schema: unknown): ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/** fast-json-stringify for this schema, or null when JSON Schema cannot express it exactly. */
export function compileJson(schema: unknown): ((data: unknown) => string) | null {
  const zodSchema = zodSchemaOf(schema);
  if (!zodSchema) return null;
  try {
    const json = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * Compiled on a route's first response, not at startup: converting and compiling every route's
 * schema up front was 7 % of a benchmark run's CPU profile, paid at every start (and every
 * test builds an app).
 */
export function compiledSerializerCompiler(options: { check: boolean }): SerializerCompiler {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route) as (data: unknown) => string;
    let serialize: ((data: unknown) => string) | undefined;
    const compile = () => {
      const compiled = compileJson(route.schema);
      if (!compiled) return zodSerializer;
      if (!options.check) return compiled;
      return (data: unknown) => {
        const expected = zodSerializer(data);
        const actual = compiled(data);
        if (actual !== expected) {
          throw new Error(
            `Compiled serializer of ${route.method} ${route.url} differs from the zod contract:\n${actual}\n${expected}`,
          );
        }
        return actual;
      };
    };
    return (data) => {
      serialize ??= compile();
      return serialize(data);
    };
  };
}
