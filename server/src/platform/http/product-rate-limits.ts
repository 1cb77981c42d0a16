import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { RateLimitStore } from '../rate-limit.ts';

/**
 * The product writes a script would hammer, with a budget per fan and per address per minute
 * (decision 014, decision 007). The per-address budget is twenty times the fan's: at a venue
 * thousands of fans share one public address. Both are multiplied by RATE_LIMIT_SCALE.
 */
export const PRODUCT_LIMITS = [
  { name: 'answer', method: 'POST', url: '/api/challenge/:id', perFan: 30 },
  { name: 'answer', method: 'POST', url: '/api/challenge/:id/attempt', perFan: 30 },
  { name: 'entry', method: 'POST', url: '/api/sweepstake/:id/entry', perFan: 20 },
  { name: 'entry', method: 'POST', url: '/api/sweepstake/:id/free-entry', perFan: 20 },
  { name: 'claim', method: 'POST', url: '/api/offers/:id/claim', perFan: 10 },
  { name: 'checkin', method: 'POST', url: '/api/checkin', perFan: 10 },
  { name: 'upload', method: 'POST', url: '/api/media', perFan: 10 },
  { name: 'upload', method: 'POST', url: '/api/media/set-avatar', perFan: 10 },
] as const;

const WINDOW_MS = 60_000;
const PER_IP_FACTOR = 20;

/**
 * @fastify/rate-limit over our shared counter store (PostgreSQL, or Redis with REDIS_URL), so
 * every process counts the same hits; windows follow the app's clock.
 */
function storeClass(store: RateLimitStore, clock: Clock) {
  return class SharedStore {
    incr(key: string, cb: (e: Error | null, r?: { current: number; ttl: number }) => void, windowMs: number) {
      const now = clock.now().getTime();
      const windowStart = now - (now % windowMs);
      store.hit(key, windowStart, windowMs).then(
        (current) => cb(null, { current, ttl: windowStart + windowMs - now }),
        (error: Error) => cb(error),
      );
    }
    child() {
      return this;
    }
  };
}

type Checker = (
  request: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

export const productRateLimits = fp(
  async (app: FastifyInstance, opts: { store: RateLimitStore; clock: Clock; scale: number }) => {
    await app.register(rateLimit, {
      global: false,
      // A counter store that is down must not refuse writes; the write itself answers 503.
      skipOnError: true,
      store: storeClass(opts.store, opts.clock) as never,
    });
    const scaled = (n: number) => Math.max(1, Math.floor(n * opts.scale));
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const rule = PRODUCT_LIMITS.find((r) => r.url === route.url && methods.includes(r.method));
      if (!rule) return;
      // Two limiters checked in turn (the plugin's own hook runs once per request).
      const checkers: Checker[] = [
        app.createRateLimit({
          max: scaled(rule.perFan),
          timeWindow: WINDOW_MS,
          keyGenerator: (r) => `${rule.name}:fan:${r.ctx?.user?.id ?? `anon:${r.ip}`}`,
        }),
        app.createRateLimit({
          max: scaled(rule.perFan * PER_IP_FACTOR),
          timeWindow: WINDOW_MS,
          keyGenerator: (r) => `${rule.name}:ip:${r.ctx?.organization.id ?? '-'}:${r.ip}`,
        }),
      ];
      const check: preValidationAsyncHookHandler = async (request, reply) => {
        for (const checker of checkers) {
          const result = await checker(request);
          if (!result.isAllowed && result.isExceeded) {
            const after = result.ttlInSeconds ?? 1;
            reply.header('retry-after', String(after));
            throw new AppError(429, 'rate_limited', `Too many requests; try again in ${after} s`, {
              retryAfter: after,
            });
          }
        }
      };
      // Before validation: a malformed flood counts too.
      const existing = route.preValidation;
      route.preValidation = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), check];
    });
  },
);
