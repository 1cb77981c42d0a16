import type { Redis } from 'ioredis';
import { createRedis } from '../redis.ts';
import {
  type EventBus,
  type EventBusLogger,
  type LiveEvent,
  type LiveListener,
  Listeners,
  parseLiveEvent,
} from './event-bus.ts';

/**
 * Events between processes through Redis pub/sub when REDIS_URL is set (decision 016). A
 * subscribed Redis connection can do nothing else, so each process holds two: one publishes,
 * one listens. ioredis reconnects both and subscribes again by itself after an outage.
 */
export class RedisEventBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly listeners: Listeners;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private started: Promise<unknown> | null = null;

  constructor(
    url: string,
    private readonly channel = 'paddock:live',
    log?: EventBusLogger,
  ) {
    this.listeners = new Listeners(log);
    this.publisher = createRedis(url, 'live-publish', log);
    this.subscriber = createRedis(url, 'live-subscribe', log);
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const event = parseLiveEvent(message);
      if (event) this.listeners.deliver(event);
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

  subscribe(listener: LiveListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
