import { Redis } from 'ioredis';

/** What a Redis connection reports about itself, for logs (never the URL: it may carry a password). */
export interface RedisLogger {
  warn(obj: object, msg: string): void;
}

/**
 * One Redis connection, used when REDIS_URL is set (rate-limit counters, live events, cache
 * invalidation). ioredis reconnects by itself with back-off; commands issued while it is down wait
 * in its offline queue, bounded by the per-command timeout, so a Redis restart delays requests
 * instead of crashing the process. Errors are logged once per outage, never thrown from the
 * connection's event emitter (an unhandled 'error' event would kill the process).
 */
export function createRedis(url: string, name: string, log?: RedisLogger): Redis {
  const redis = new Redis(url, {
    connectionName: `paddock:${name}`,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 2,
    commandTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ redis: name, err: error.message }, 'redis unavailable; retrying');
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}
