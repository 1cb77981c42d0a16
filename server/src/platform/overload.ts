import underPressure, {
  type FastifyUnderPressureOptions as UnderPressureOptions,
} from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const RETRY_AFTER_SECONDS = 5;
/** Probes and the scraper must answer even when the process is overloaded. */
const EXEMPT = new Set(['/health', '/healthz', '/ready', '/metrics']);

/**
 * Decision 014: a process whose event loop lags past `maxEventLoopDelayMs` answers 503
 * `overloaded` with Retry-After at once, instead of queueing requests it would answer too late.
 * @fastify/under-pressure measures the lag.
 */
export const overload = fp(async (app: FastifyInstance, opts: { maxEventLoopDelayMs: number }) => {
  if (opts.maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    sampleInterval: 250,
    // under-pressure sends what the handler returns, and lets the request through when it returns
    // nothing (its handlePressure); the published type only admits the second.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      if (EXEMPT.has(request.url.split('?')[0] ?? '')) return undefined;
      reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return { code: 'overloaded', message: 'The server is busy; try again in a few seconds' };
    }) as unknown as UnderPressureOptions['pressureHandler'],
  });
});
