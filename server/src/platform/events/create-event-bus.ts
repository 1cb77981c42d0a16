import type { EventBus, EventBusLogger } from './event-bus.ts';
import { LocalEventBus } from './event-bus.ts';
import { PostgresEventBus } from './postgres-event-bus.ts';
import { RedisEventBus } from './redis-event-bus.ts';

/**
 * The transport that reaches every process (decision 016): Redis when REDIS_URL is set, else
 * PostgreSQL's LISTEN/NOTIFY when DATABASE_URL is set, else memory (PGlite is one process).
 */
export async function createEventBus(
  env: { DATABASE_URL?: string | undefined; REDIS_URL?: string | undefined },
  log?: EventBusLogger,
): Promise<EventBus> {
  if (env.REDIS_URL) {
    const bus = new RedisEventBus(env.REDIS_URL, 'paddock:live', log);
    await bus.start();
    return bus;
  }
  if (env.DATABASE_URL) {
    const bus = new PostgresEventBus(env.DATABASE_URL, 'paddock_live', log);
    await bus.start();
    return bus;
  }
  return new LocalEventBus(log);
}
