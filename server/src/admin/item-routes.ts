import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam, withConflict } from '../platform/http/schemas.ts';
import type { OperatorCall } from '../platform/service-call.ts';
import { operatorCall } from './operator-guard.ts';

type Admin = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The console's routes for one kind of item (videos, playlists, articles, stories, activations):
 * GET list → `{ items }`, POST create → 201, PUT edit, then archive (POST …/archive, the item
 * stays) or delete (204). Every route acts as the operator (operatorCall) and answers the
 * item's schema.
 */
export interface ItemRoutes<Item extends z.ZodType, Input extends z.ZodType> {
  /** `/videos`… under /api/admin. */
  path: string;
  tags: string[];
  item: Item;
  input: Input;
  /** Create and edit may clash with a unique key (a slug): 409 documented. */
  conflict?: boolean;
  summary: { list: string; create: string; update: string; archive?: string; remove?: string };
  list(call: OperatorCall): Promise<z.input<Item>[]>;
  save(call: OperatorCall, id: string | null, input: z.output<Input>): Promise<z.input<Item>>;
  archive?(call: OperatorCall, id: string): Promise<z.input<Item>>;
  remove?(call: OperatorCall, id: string): Promise<void>;
}

export function registerItemRoutes<Item extends z.ZodType, Input extends z.ZodType>(
  app: Admin,
  spec: ItemRoutes<Item, Input>,
) {
  const { path, tags, item, input, summary } = spec;
  const saveErrors = spec.conflict ? withConflict : errorResponses;
  // The Zod type provider cannot resolve generic schemas, so these routes are typed by `spec`;
  // the schemas still validate every request and answer at run time.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const id = (request: { params: unknown }) => (request.params as z.output<typeof idParam>).id;
  const body = (request: { body: unknown }) => request.body as z.output<Input>;
  routes.get(
    path,
    {
      schema: {
        tags,
        summary: summary.list,
        response: { 200: z.object({ items: z.array(item) }), ...errorResponses },
      },
    },
    async (request) => ({ items: await spec.list(await operatorCall(request)) }),
  );
  routes.post(
    path,
    { schema: { tags, summary: summary.create, body: input, response: { 201: item, ...saveErrors } } },
    async (request, reply) =>
      reply.status(201).send(await spec.save(await operatorCall(request), null, body(request))),
  );
  routes.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: summary.update,
        params: idParam,
        body: input,
        response: { 200: item, ...saveErrors },
      },
    },
    async (request) => spec.save(await operatorCall(request), id(request), body(request)),
  );
  const { archive, remove } = spec;
  if (archive && summary.archive) {
    routes.post(
      `${path}/:id/archive`,
      {
        schema: {
          tags,
          summary: summary.archive,
          params: idParam,
          response: { 200: item, ...errorResponses },
        },
      },
      async (request) => archive(await operatorCall(request), id(request)),
    );
  }
  if (remove && summary.remove) {
    routes.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: summary.remove,
          params: idParam,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await remove(await operatorCall(request), id(request));
        return reply.status(204).send(null);
      },
    );
  }
}
