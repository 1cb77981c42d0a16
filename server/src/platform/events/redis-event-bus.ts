import type { Redis } from 'ioredis';
import { createRedis } from '../redis.ts';
import { type EventBusLogger, type LiveEvent, ListenerBus } from './event-bus.ts';

/**
 * Events between processes through Redis pub/sub when REDIS_URL is set (decision 016). A
 * subscribed Redis connection can do nothing else, so each process holds two: one publishes,
 * one listens. ioredis reconnects both and subscribes again by itself after an outage.
 */
export class RedisEventBus extends ListenerBus {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private started: Promise<unknown> | null = null;

  constructor(
    url: string,
    private readonly channel = 'paddock:live',
    log?: EventBusLogger,
  ) {
    super(log);
    this.publisher = createRedis(url, 'live-publish', log);
    this.subscriber = createRedis(url, 'live-subscribe', log);
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
  }

  /** Resolves once the subscription is in place. */
  start(): Promise<unknown> {
    this.started ??= this.subscriber.subscribe(this.channel);
    return this.started;
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
