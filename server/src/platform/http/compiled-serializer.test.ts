import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './compiled-serializer.ts';

/** An app serialising `handler`'s answer against `schema`, as app.ts does in production or in tests. */
async function appAnswering(schema: z.ZodType, handler: () => unknown, check: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ check }));
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => handler());
  await app.ready();
  return app.inject({ method: 'GET', url: '/thing' });
}

const fan = z.object({
  userId: z.string(),
  points: z.number().int(),
  rank: z.object({ code: z.string(), name: z.string() }).nullable(),
  birthday: z.string().nullable().optional(),
});

describe('compiled response serializer (decision 032)', () => {
  it('writes exactly what the zod contract writes, in its order', async () => {
    const value = { points: 120, userId: 'u1', rank: { name: 'Rookie', code: 'P10' }, birthday: null };
    const res = await appAnswering(fan, () => value, false);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(fan.parse(value)));
    expect(res.body).toBe(
      '{"userId":"u1","points":120,"rank":{"code":"P10","name":"Rookie"},"birthday":null}',
    );
  });

  it('never sends a key the schema does not name (a column a handler spread in)', async () => {
    const res = await appAnswering(
      fan,
      () => ({ userId: 'u1', points: 5, rank: null, passwordHash: 'x' }),
      false,
    );
    expect(res.json()).toEqual({ userId: 'u1', points: 5, rank: null });
  });

  it('in the tests, refuses an answer the contract refuses instead of coercing it', async () => {
    const wrong = () => ({ userId: 'u1', points: '5', rank: null });
    expect((await appAnswering(fan, wrong, true)).statusCode).toBe(500);
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', async () => {
    const lengths = z.object({ name: z.string().transform((s) => s.length) });
    const res = await appAnswering(lengths, () => ({ name: 'Apex' }), false);
    expect(res.body).toBe('{"name":4}');
  });
});
