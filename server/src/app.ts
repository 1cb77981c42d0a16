import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminModules } from './admin/index.ts';
import { platformRoutes } from './admin/platform-routes.ts';
import { operatorGate } from './admin/operator-gate.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { runtimeConfigRoutes } from './modules/config/runtime-config-routes.ts';
import { operatorModules, productModules } from './modules/index.ts';
import { fileDownloadRoutes } from './modules/files/file-download-routes.ts';
import type { AppDeps } from './bootstrap.ts';
import { DATABASE_RETRY_AFTER_SECONDS, errorHandler } from './platform/errors.ts';
import { compiledSerializerCompiler } from './platform/http/compiled-serializer.ts';
import { idempotency } from './platform/idempotency.ts';
import { siteOrigins } from './platform/org-sites.ts';
import { requestContext } from './platform/request-context.ts';
import { requestId, requestLog } from './platform/request-log.ts';
import { webStatic } from './platform/web-static.ts';
import { overload } from './platform/overload.ts';
import { databaseErrors, metrics, observePool } from './platform/metrics.ts';
import { textGuard } from './platform/text-guard.ts';
import { productRateLimits } from './platform/http/product-rate-limits.ts';
import { PostgresRateLimitStore, type RateLimitStore, RedisRateLimitStore } from './platform/rate-limit.ts';
import { createRedis } from './platform/redis.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { organizationByKey } from './modules/organization/organization-service.ts';
import { realtimeServer } from './realtime/realtime-server.ts';
import { WEB_DIST } from './server-paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    rateLimitStore: RateLimitStore;
  }
}

export { WEB_DIST };

export interface BuildOptions {
  logger?: boolean | object;
  /** Serve the built SPA (web/dist) when it exists. */
  serveWeb?: boolean;
  /** Where the built SPA is (tests serve a small fixture); default web/dist. */
  webDist?: string;
  /** Called for every route as it is registered (tests enumerate /api/admin routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The /metrics text; with WORKERS > 1 the primary's aggregate of every worker (cluster.ts). */
  renderMetrics?: () => Promise<string>;
}

/**
 * The Fastify instance with every plugin in a visible order: platform (errors, CORS, docs)
 * → auth → product API → runtime config and files → the SPA. Tests call this directly.
 */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // Forwarded headers only from configured proxies (decision 026); else the socket's peer.
  const trusted = deps.config.TRUST_PROXY;
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
  const app = Fastify({
    logger: opts.logger ?? false,
    // A request id on every log line: the caller's X-Request-Id when it is a plain token, else a
    // new UUID; echoed in the response so a support request can quote it.
    requestIdHeader: false,
    genReqId: requestId,
    // One line per request from platform/request-log.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy,
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ check: deps.config.NODE_ENV === 'test' }));
  app.setErrorHandler(errorHandler);
  await app.register(requestLog);
  await app.register(metrics, { token: deps.config.METRICS_TOKEN, render: opts.renderMetrics });
  observePool(() => deps.database.stats());
  await app.register(overload, {
    maxEventLoopDelayMs: deps.config.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (deps.config.DATABASE_URL ? 1000 : 0),
  });

  // Decision 027: browsers may call from the site's own origin and CORS_ORIGINS only; any other
  // origin (`null` included) gets no CORS headers at all, so no credentials either.
  const corsOrigins = new Set([...siteOrigins(deps.config), ...deps.config.CORS_ORIGINS]);
  await app.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && corsOrigins.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'apikey',
      'authorization',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'x-organization-token',
      'idempotency-key',
    ],
    exposedHeaders: ['X-Supabase-Api-Version'],
  });

  await app.register(textGuard);
  await app.register(securityHeaders, {
    config: deps.config,
    indexHtmlPath: path.join(WEB_DIST, 'index.html'),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Paddock API',
        version: '1.0.0',
        description: 'Fan engagement and loyalty: the product API (product §7).',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A session access token, else the publishable key',
          },
          organization: { type: 'apiKey', in: 'header', name: 'X-Organization-Token' },
        },
      },
      security: [{ bearer: [], organization: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Decision 014: one counter store for every limit, shared by all processes.
  const rateLimitStore: RateLimitStore = deps.config.REDIS_URL
    ? new RedisRateLimitStore(createRedis(deps.config.REDIS_URL, 'rate-limit', app.log))
    : new PostgresRateLimitStore(deps.db);
  app.decorate('rateLimitStore', rateLimitStore);
  app.addHook('onClose', async () => rateLimitStore.close?.());
  await app.register(productRateLimits, {
    store: rateLimitStore,
    clock: deps.clock,
    scale: deps.config.RATE_LIMIT_SCALE,
  });

  await app.register(authRoutes, { prefix: '/auth/v1' });

  await app.register(
    async (api) => {
      await api.register(requestContext, {
        organizationByKey: (key) =>
          organizationByKey(deps.organizations, deps.db, key, deps.config.DEFAULT_ORGANIZATION),
      });
      await api.register(idempotency);
      for (const mod of productModules) await api.register(mod);
      await api.register(platformRoutes, { prefix: '/platform' });
      await api.register(
        async (admin) => {
          // The gate first and unencapsulated: its hook guards every operator route below.
          await admin.register(operatorGate);
          for (const mod of [...adminModules, ...operatorModules]) await admin.register(mod);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );

  // Not encapsulated: the socket server hooks the HTTP server's upgrade and the app's close.
  await realtimeServer(app);
  await app.register(runtimeConfigRoutes);
  await app.register(fileDownloadRoutes);
  // /health (and the older /healthz): the process is up. /ready: it can serve, i.e. the
  // database answers; a load balancer takes the instance out while it is red (decision 014).
  deps.database.onConnectionError = (error) => {
    databaseErrors.inc();
    app.log.warn({ err: error }, 'database connection error');
  };
  for (const url of ['/health', '/healthz']) {
    app.get(url, { schema: { hide: true } }, async () => ({ ok: true }));
  }
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (deps.draining) return reply.status(503).send({ ok: false, code: 'draining' });
    try {
      await deps.database.ping();
      return { ok: true };
    } catch {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ ok: false, code: 'database_unavailable' });
    }
  });

  const serveWeb = opts.serveWeb ?? true;
  const webDist = opts.webDist ?? WEB_DIST;
  const hasWeb = serveWeb && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(webStatic, { root: webDist });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi =
      url.startsWith('/api') ||
      url.startsWith('/auth') ||
      url.startsWith('/files') ||
      url.startsWith('/realtime');
    // A missing build file (an old chunk after a release, a source map) is a 404, not the SPA's HTML.
    const isBuildFile = url.startsWith('/assets/') || url.endsWith('.map');
    if (!isApi && !isBuildFile && hasWeb && request.method === 'GET') {
      // Client-side routes: the SPA decides, including its own 404 page (product §2).
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ code: 'not_found', message: `Route ${request.method} ${url} not found` });
  });

  return app;
}
