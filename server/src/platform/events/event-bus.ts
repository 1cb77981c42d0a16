/**
 * Live events (decision 012, decision 023): what a domain tells the realtime channel after its
 * transaction commits. One bus per process; every process's realtime server subscribes to it, so
 * an event published by any process reaches the subscribers of every process (decision 016).
 */

/**
 * Notices between processes that no fan ever receives (an organization cache entry to drop,
 * decision 032): the realtime hub skips this topic, and no channel of that name can be joined.
 */
export const INTERNAL_TOPIC = 'internal';

/**
 * The channels a fan can join (realtime-compat §11): the organization-wide one, a fan's own and
 * a challenge's results; plus the internal topic, which travels the same transport but is never
 * delivered to a socket.
 */
export type LiveTopic = 'live' | `fan:${string}` | `results:${string}` | typeof INTERNAL_TOPIC;

export interface LiveEvent {
  organizationId: string;
  /** `live`, `fan:{userId}` or `results:{challengeId}`: the channel name without the wire prefix `realtime:`. */
  topic: LiveTopic;
  /** The broadcast event name (`poll_results`, `points_awarded`, …). */
  event: string;
  /** Delivered as is to every subscriber: only what the receiver could read through the API. */
  payload: Record<string, unknown>;
}

export type LiveListener = (event: LiveEvent) => void;

export interface EventBus {
  /** Which transport carries events between processes (logs, tests). */
  readonly kind: 'local' | 'postgres' | 'redis';
  /** Hands the event to every subscriber of every process; rejects only when the transport fails. */
  publish(event: LiveEvent): Promise<void>;
  /** Registers a listener of every event of every organization; returns the unsubscribe. */
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** What a bus reports about its transport (never a URL: it may carry a password). */
export interface EventBusLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Listeners of one process; the transports deliver what they receive through it. */
export class Listeners {
  private readonly listeners = new Set<LiveListener>();
  constructor(private readonly log?: EventBusLogger) {}

  add(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  deliver(event: LiveEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // One faulty subscriber must not keep the event from the others.
        this.log?.error({ err: (error as Error).message, event: event.event }, 'live listener failed');
      }
    }
  }
}

/** A well-formed event from the wire, or null (another program may share the channel name). */
export function parseLiveEvent(text: string): LiveEvent | null {
  try {
    const value = JSON.parse(text) as Partial<LiveEvent>;
    if (
      typeof value.organizationId === 'string' &&
      typeof value.topic === 'string' &&
      typeof value.event === 'string' &&
      value.payload !== null &&
      typeof value.payload === 'object'
    ) {
      return value as LiveEvent;
    }
  } catch {
    // not ours
  }
  return null;
}

/**
 * What every transport shares: this process's listeners, and the reading of what arrives on the
 * wire (another program may share the channel name, so malformed messages are dropped).
 */
export abstract class ListenerBus implements EventBus {
  abstract readonly kind: EventBus['kind'];
  protected readonly listeners: Listeners;

  constructor(log?: EventBusLogger) {
    this.listeners = new Listeners(log);
  }

  abstract publish(event: LiveEvent): Promise<void>;
  abstract close(): Promise<void>;

  subscribe(listener: LiveListener): () => void {
    return this.listeners.add(listener);
  }

  /** Delivers a message received from the transport when it is a well-formed event. */
  protected receive(text: string): void {
    const event = parseLiveEvent(text);
    if (event) this.listeners.deliver(event);
  }
}

/**
 * The bus of one process when nothing is shared: PGlite serves a single process, so delivery
 * stays in memory. Listeners run on a later tick, as they would after a network hop, so a
 * publisher never runs subscriber code inside its own call.
 */
export class LocalEventBus extends ListenerBus {
  readonly kind = 'local' as const;

  async publish(event: LiveEvent): Promise<void> {
    setImmediate(() => this.listeners.deliver(event));
  }

  async close(): Promise<void> {}
}
