import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * Text PostgreSQL cannot store: a NUL character (text columns refuse it) or a UTF-16 surrogate
 * without its pair (it has no UTF-8 form). Either would reach the database and fail there as a
 * 500; instead every request is refused up front with 400 validation_failed naming the field.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this pattern's purpose.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableField(value: unknown, at: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? at : null;
  // Raw uploads (a Buffer) are bytes, not text.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...at, key.replace(UNSTORABLE, '?')];
    const found = unstorableField(inner, [...at, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const PARTS = ['params', 'query', 'body'] as const;

export function assertStorableText(request: FastifyRequest) {
  for (const part of PARTS) {
    const found = unstorableField(request[part]);
    if (!found) continue;
    const field = found.length > 0 ? found.join('.') : part;
    const message = 'must not contain NUL characters or unpaired surrogates';
    throw new AppError(400, 'validation_failed', `Invalid ${part}: ${field}: ${message}`, {
      details: [{ field, message }],
    });
  }
}

/** Every route, /api and /auth/v1 alike: checked before the route's own schema runs. */
export const textGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => assertStorableText(request));
});
