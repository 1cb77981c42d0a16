import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam, withConflict } from '../platform/http/schemas.ts';
import type { OperatorCall } from '../platform/service-call.ts';
import { operatorCall } from './operator-guard.ts';

type Admin = Parameters<FastifyPluginAsyncZod>[0];

/** One console route: its documentation, its answer's schema and the service call it makes. */
interface Route<Args extends unknown[], Answer extends z.ZodType> {
  summary: string;
  description?: string;
  response: Answer;
  run: (call: OperatorCall, ...args: Args) => Promise<z.input<Answer>>;
}

/**
 * The console's routes for one kind of item, as a table: GET list (with an optional query),
 * GET one, POST create (201), PUT or PATCH edit, POST …/archive (the item stays) and DELETE
 * (204). Every route authorises the operator (operatorCall) and makes one service call; its
 * schemas validate the request and the answer. Routes a kind has beyond these (imports,
 * exports, draws) are declared beside it with app.get/post as usual.
 */
export interface ConsoleRoutes<
  ListQuery extends z.ZodType,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
  ListAnswer extends z.ZodType,
  GetAnswer extends z.ZodType,
  CreateAnswer extends z.ZodType,
  UpdateAnswer extends z.ZodType,
  ArchiveAnswer extends z.ZodType,
> {
  /** `/boosts`… under /api/admin; one item is `${path}/:id`. */
  path: string;
  tags: string[];
  list?: Route<[query: z.output<ListQuery>], ListAnswer> & { querystring?: ListQuery };
  get?: Route<[id: string], GetAnswer>;
  create?: Route<[body: z.output<CreateBody>], CreateAnswer> & { body: CreateBody; conflict?: boolean };
  update?: Route<[id: string, body: z.output<UpdateBody>], UpdateAnswer> & {
    method: 'put' | 'patch';
    body: UpdateBody;
    conflict?: boolean;
  };
  archive?: Route<[id: string], ArchiveAnswer>;
  remove?: { summary: string; description?: string; run: (call: OperatorCall, id: string) => Promise<void> };
}

/** `{ items: [...] }`: the shape of the console lists that are not a bare array. */
export const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export function registerConsoleRoutes<
  ListQuery extends z.ZodType,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
  ListAnswer extends z.ZodType,
  GetAnswer extends z.ZodType,
  CreateAnswer extends z.ZodType,
  UpdateAnswer extends z.ZodType,
  ArchiveAnswer extends z.ZodType,
>(
  app: Admin,
  spec: ConsoleRoutes<
    ListQuery,
    CreateBody,
    UpdateBody,
    ListAnswer,
    GetAnswer,
    CreateAnswer,
    UpdateAnswer,
    ArchiveAnswer
  >,
) {
  const { path, tags, list, get, create, update, archive, remove } = spec;
  const one = `${path}/:id`;
  // The Zod type provider cannot resolve generic schemas, so these routes are typed by `spec`;
  // the schemas still validate every request and answer at run time.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const id = (request: { params: unknown }) => (request.params as z.output<typeof idParam>).id;
  const docs = (route: { summary: string; description?: string | undefined }) => ({
    tags,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
  });
  if (list) {
    const schema = {
      ...docs(list),
      ...(list.querystring ? { querystring: list.querystring } : {}),
      response: { 200: list.response, ...errorResponses },
    };
    routes.get(path, { schema }, async (request) =>
      list.run(await operatorCall(request), request.query as z.output<ListQuery>),
    );
  }
  if (get) {
    const schema = { ...docs(get), params: idParam, response: { 200: get.response, ...errorResponses } };
    routes.get(one, { schema }, async (request) => get.run(await operatorCall(request), id(request)));
  }
  if (create) {
    const errors = create.conflict ? withConflict : errorResponses;
    const schema = { ...docs(create), body: create.body, response: { 201: create.response, ...errors } };
    routes.post(path, { schema }, async (request, reply) =>
      reply
        .status(201)
        .send(await create.run(await operatorCall(request), request.body as z.output<CreateBody>)),
    );
  }
  if (update) {
    const errors = update.conflict ? withConflict : errorResponses;
    const schema = {
      ...docs(update),
      params: idParam,
      body: update.body,
      response: { 200: update.response, ...errors },
    };
    routes[update.method](one, { schema }, async (request) =>
      update.run(await operatorCall(request), id(request), request.body as z.output<UpdateBody>),
    );
  }
  if (archive) {
    const schema = {
      ...docs(archive),
      params: idParam,
      response: { 200: archive.response, ...errorResponses },
    };
    routes.post(`${one}/archive`, { schema }, async (request) =>
      archive.run(await operatorCall(request), id(request)),
    );
  }
  if (remove) {
    const schema = { ...docs(remove), params: idParam, response: { 204: z.null(), ...errorResponses } };
    routes.delete(one, { schema }, async (request, reply) => {
      await remove.run(await operatorCall(request), id(request));
      return reply.status(204).send(null);
    });
  }
}
