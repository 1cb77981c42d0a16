import pg from 'pg';
import { Batcher } from '../batcher.ts';
import { type EventBusLogger, type LiveEvent, ListenerBus } from './event-bus.ts';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT = 7_999;

/**
 * Events between processes through PostgreSQL's LISTEN/NOTIFY (decision 016): every process
 * holds one dedicated listening connection; NOTIFY reaches all of them, the publisher's own
 * included, so a process delivers what it publishes exactly once, through the database, like
 * every other process. The listening connection reconnects with back-off when the server
 * restarts; events published while it is down are lost (live updates are hints, the API stays
 * the source of truth, the 60-minute refresh of product §9.3 catches up).
 */
export class PostgresEventBus extends ListenerBus {
  readonly kind = 'postgres' as const;
  private readonly notifier: pg.Pool;
  private listener: pg.Client | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly channel = 'paddock_live',
    private readonly log?: EventBusLogger,
  ) {
    super(log);
    this.notifier = new pg.Pool({ connectionString: url, max: 2 });
    this.notifier.on('error', () => {
      // An idle notifier connection dropped; the pool makes a new one on the next publish.
    });
  }

  /** Resolves once the listening connection is up (the first time only: later it reconnects alone). */
  start(): Promise<void> {
    this.connecting ??= this.connect();
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.receive(message.payload);
    });
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.removeAllListeners('end');
      void client.end().catch(() => {});
      if (this.closed) return;
      this.log?.warn(
        { err: error?.message ?? 'connection ended' },
        'live events: listener lost; reconnecting',
      );
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      client.removeAllListeners('end');
      void client.end().catch(() => {});
      if (this.attempt === 0) throw error;
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    this.attempt = 0;
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer) return;
    this.attempt += 1;
    const delay = Math.min(250 * 2 ** (this.attempt - 1), 5_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  async publish(event: LiveEvent): Promise<void> {
    const text = JSON.stringify(event);
    if (Buffer.byteLength(text) > NOTIFY_PAYLOAD_LIMIT) {
      throw new Error(`live event ${event.event} is over PostgreSQL's 8 kB NOTIFY limit`);
    }
    await this.notices.add(text);
  }

  /**
   * The events published together go out in one statement, in order (platform/batcher.ts).
   * NOTIFY folds identical payloads within one statement into one delivery: an event that
   * says exactly what its twin says is a hint already given.
   */
  private readonly notices = new Batcher<string, void>(async (texts) => {
    // Named: parsed and planned once per notifier connection, not once per batch (decision 036).
    await this.notifier.query({
      name: 'paddock_notify',
      text: 'select pg_notify($1, t.payload) from unnest($2::text[]) as t(payload)',
      values: [this.channel, texts],
    });
    return texts.map(() => undefined);
  }, 200);

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
    await this.notifier.end().catch(() => {});
  }
}
