import { z } from 'zod';

/** Shared pieces of route schemas, so every route documents the same error shape. */
export const errorSchema = z
  .object({
    code: z.string().describe('Stable machine-readable code'),
    message: z.string().describe('What went wrong and what to do'),
  })
  .passthrough();

/** The `{ id }` path parameter every route with an id in its path validates. */
export const idParam = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });

/** Standard error responses a route may add to its `response` schema. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: errorSchema,
} as const;

export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().describe('Opaque cursor from the previous page'),
});

/** The standard errors plus 409, for a create or edit that may clash with a unique key (a slug…). */
export const withConflict = { ...errorResponses, 409: errorSchema } as const;
