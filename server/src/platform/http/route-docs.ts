import type { z } from 'zod';
import { errorResponses } from './schemas.ts';

/** What a route validates besides its answer: path, query and body, and a longer description. */
interface RouteInput {
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/**
 * The route options most routes share: the module's OpenAPI tags, a summary, the 200 answer and the
 * standard error answers (errorResponses), so every route documents the same error shape. The
 * schemas keep their types, so the Zod type provider still types `request.params`, `query`, `body`
 * and the handler's answer. Routes with other status codes (201, 204, 409…) spell their schema out.
 *
 *   const doc = routeDocs(['checkin']);
 *   app.get('/checkin', doc('The streak', checkinStatusSchema), async (request) => …);
 */
export function routeDocs(tags: string[]) {
  return <Ok extends z.ZodType, Input extends RouteInput = Record<never, never>>(
    summary: string,
    ok: Ok,
    input: Input = {} as Input,
  ) => ({ schema: { tags, summary, ...input, response: { 200: ok, ...errorResponses } } });
}
