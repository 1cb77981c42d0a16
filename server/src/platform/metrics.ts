import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import type { PoolStats } from '../db/engine.ts';

/**
 * Prometheus metrics of this process (decision 016). One registry per process; with WORKERS > 1
 * the worker that answers /metrics asks the primary for every worker's figures (cluster.ts).
 * Names carry the `paddock_` prefix; the default Node.js series (event-loop lag, heap, GC, CPU)
 * come from prom-client's collectDefaultMetrics.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'paddock_' });

export const httpDuration = new client.Histogram({
  name: 'paddock_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** A counter in this process's registry (names carry the `paddock_` prefix, written out so they can be searched). */
function counter<Label extends string>(name: string, help: string, labelNames: readonly Label[] = []) {
  return new client.Counter<Label>({ name, help, labelNames, registers: [registry] });
}

export const refusals = counter('paddock_refusals_total', 'Rule refusals answered (422 and 409), by code', [
  'code',
]);

export const ledgerPosts = counter(
  'paddock_ledger_posts_total',
  'Ledger postings attempted inside a transaction: applied, duplicate (once-only key) or refused (insufficient points)',
  ['result'],
);

export const writeCommitRefusals = counter(
  'paddock_write_commit_refusals_total',
  'Writes whose last statement refused to carry its commit (an outcome that needs a further write) and that ran again with the commit at the end, by write',
  ['write'],
);

export const databaseErrors = counter(
  'paddock_database_connection_errors_total',
  'Connection errors the database pool survived',
);

export const cacheLookups = counter(
  'paddock_cache_lookups_total',
  'In-process cache lookups by cache and result (hit or miss)',
  ['cache', 'result'],
);

export const liveConnections = new client.Gauge({
  name: 'paddock_live_connections',
  help: 'Open realtime (WebSocket) connections',
  registers: [registry],
});

export const liveEventsSent = counter(
  'paddock_live_events_sent_total',
  'Realtime messages sent to subscribers',
);

/** Pool gauges read when scraped, from whatever pool the process opened. */
export function observePool(stats: () => PoolStats) {
  const gauge = (name: string, help: string, pick: (s: PoolStats) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(stats()));
      },
    });
  for (const name of ['paddock_db_pool_size', 'paddock_db_pool_idle', 'paddock_db_pool_waiting']) {
    registry.removeSingleMetric(name);
  }
  gauge('paddock_db_pool_size', 'Database connections open', (s) => s.size);
  gauge('paddock_db_pool_idle', 'Database connections idle', (s) => s.idle);
  gauge('paddock_db_pool_waiting', 'Queries waiting for a database connection', (s) => s.waiting);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export interface MetricsOptions {
  /** Unset → no /metrics route at all (404). */
  token: string | undefined;
  /** The text to serve; defaults to this process's registry (cluster.ts passes the aggregate). */
  render?: () => Promise<string>;
}

/**
 * Times every request, and serves /metrics to `Authorization: Bearer <METRICS_TOKEN>` only, so
 * a scraper can read it and the public cannot (401 without the token, 404 when it is unset).
 */
export const metrics = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const token = opts.token;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).send({ code: 'unauthorized', message: 'A valid metrics token is required' });
    }
    const text = opts.render ? await opts.render() : await registry.metrics();
    return reply.header('content-type', registry.contentType).send(text);
  });
});
