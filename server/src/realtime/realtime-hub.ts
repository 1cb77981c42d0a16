import { openSessions } from '../auth/sessions.ts';
import type { Database } from '../db/engine.ts';
import { type EventBus, INTERNAL_TOPIC, type LiveEvent } from '../platform/events/event-bus.ts';
import { encodeFrame, type Frame, type Vsn, websocketTextFrame } from './realtime-frames.ts';

/** What the hub needs of a socket: its protocol version, a way to send, a way to drop a channel. */
export interface HubConnection {
  readonly vsn: Vsn;
  /** A frame framed once for every socket it goes to (`websocketTextFrame`): its text and its bytes on the wire. */
  sendFramed(text: string, wire: Buffer): void;
  /** The channel's session ended or its token expired: system error then phx_close (§5.2). */
  closeChannel(subscription: Subscription, message: string): void;
}

/** One joined channel of one socket. */
export interface Subscription {
  connection: HubConnection;
  organizationId: string;
  /** Wire topic, `realtime:live`. */
  topic: string;
  /** Channel name, `live`, `fan:{userId}` or `results:{challengeId}`. */
  name: string;
  joinRef: string | null;
  /** Joined with `broadcast.ack`: a client broadcast then gets an answer (realtime-compat §6.1). */
  broadcastAck: boolean;
  presenceKey: string;
  /** The tracked presence of this subscription: its phx_ref and payload (realtime-compat §7.2). */
  presence: { ref: string; meta: Record<string, unknown> } | null;
  /** Set on private channels (`fan:*`, `results:*`): whose token opened it, and when that token expires. */
  fan: { userId: string; sessionId: string; exp: number; expiry: NodeJS.Timeout | null } | null;
}

type Metas = Record<string, { metas: Record<string, unknown>[] }>;

const channelKey = (organizationId: string, name: string) => `${organizationId}\u0000${name}`;

/**
 * Every joined channel of this process, by organization and channel name. Events from the bus
 * (any process) go to the matching subscribers; the frame is encoded once per protocol version,
 * not once per socket, since a broadcast carries no per-socket ref (realtime-compat §6.2).
 * Presence is held per process (decision 023).
 */
export class RealtimeHub {
  private readonly channels = new Map<string, Set<Subscription>>();
  private readonly unsubscribe: () => void;
  private readonly sessionTimer: NodeJS.Timeout;
  private presenceCounter = 0;

  constructor(
    bus: EventBus,
    private readonly db: Database,
    sessionCheckMs: number,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.deliver(event));
    this.sessionTimer = setInterval(() => void this.checkSessions(), sessionCheckMs);
    this.sessionTimer.unref();
  }

  stop() {
    this.unsubscribe();
    clearInterval(this.sessionTimer);
  }

  add(subscription: Subscription) {
    const key = channelKey(subscription.organizationId, subscription.name);
    let set = this.channels.get(key);
    if (!set) {
      set = new Set();
      this.channels.set(key, set);
    }
    set.add(subscription);
  }

  remove(subscription: Subscription) {
    const key = channelKey(subscription.organizationId, subscription.name);
    const set = this.channels.get(key);
    if (subscription.fan?.expiry) clearTimeout(subscription.fan.expiry);
    if (!set?.delete(subscription)) return;
    if (subscription.presence) {
      const left = subscription.presence;
      subscription.presence = null;
      this.diff(
        subscription,
        {},
        { [subscription.presenceKey]: { metas: [{ phx_ref: left.ref, ...left.meta }] } },
      );
    }
    if (set.size === 0) this.channels.delete(key);
  }

  /** How many sockets of this process hold this organization's channel ("4,212 fans live"). */
  count(organizationId: string, name: string): number {
    return this.channels.get(channelKey(organizationId, name))?.size ?? 0;
  }

  deliver(event: LiveEvent) {
    if (event.topic === INTERNAL_TOPIC) return;
    const set = this.channels.get(channelKey(event.organizationId, event.topic));
    if (!set) return;
    const frame: Frame = {
      joinRef: null,
      ref: null,
      topic: `realtime:${event.topic}`,
      event: 'broadcast',
      payload: { type: 'broadcast', event: event.event, payload: event.payload },
    };
    this.sendToAll(set, frame, this.holdersOfTally(event));
  }

  /**
   * The sockets a `live` `poll_results` hint is not sent to: those on the same challenge's
   * `results:{challengeId}`, which carries the tally itself (decision 024, amended 2026-11-26:
   * the app refetches nothing on the hint there, and the hint was a frame per socket per
   * announcement for nothing).
   */
  private holdersOfTally(event: LiveEvent): Set<HubConnection> | null {
    if (event.topic !== 'live' || event.event !== 'poll_results') return null;
    const challengeId = event.payload.challengeId;
    if (typeof challengeId !== 'string') return null;
    const holders = this.channels.get(channelKey(event.organizationId, `results:${challengeId}`));
    if (!holders) return null;
    const connections = new Set<HubConnection>();
    for (const s of holders) connections.add(s.connection);
    return connections;
  }

  /** The presence_state a joining subscriber receives (realtime-compat §7.3). */
  presenceState(subscription: Subscription): Metas {
    const state: Metas = {};
    const set = this.channels.get(channelKey(subscription.organizationId, subscription.name)) ?? new Set();
    for (const s of set) {
      if (!s.presence) continue;
      state[s.presenceKey] ??= { metas: [] };
      state[s.presenceKey]?.metas.push({ phx_ref: s.presence.ref, ...s.presence.meta });
    }
    return state;
  }

  /** Track or update: an update is the old meta leaving and the new one joining (§7.4). */
  track(subscription: Subscription, meta: Record<string, unknown>) {
    const previous = subscription.presence;
    const ref = `P${(++this.presenceCounter).toString(36)}${Date.now().toString(36)}`;
    subscription.presence = { ref, meta };
    const joined = { phx_ref: ref, ...(previous ? { phx_ref_prev: previous.ref } : {}), ...meta };
    const leaves = previous
      ? { [subscription.presenceKey]: { metas: [{ phx_ref: previous.ref, ...previous.meta }] } }
      : {};
    this.diff(subscription, { [subscription.presenceKey]: { metas: [joined] } }, leaves);
  }

  untrack(subscription: Subscription) {
    const previous = subscription.presence;
    if (!previous) return;
    subscription.presence = null;
    this.diff(
      subscription,
      {},
      { [subscription.presenceKey]: { metas: [{ phx_ref: previous.ref, ...previous.meta }] } },
    );
  }

  private diff(subscription: Subscription, joins: Metas, leaves: Metas) {
    const set = this.channels.get(channelKey(subscription.organizationId, subscription.name));
    if (!set) return;
    this.sendToAll(set, {
      joinRef: null,
      ref: null,
      topic: subscription.topic,
      event: 'presence_diff',
      payload: { joins, leaves },
    });
  }

  private sendToAll(set: Set<Subscription>, frame: Frame, except: Set<HubConnection> | null = null) {
    const encoded: Partial<Record<Vsn, { text: string; wire: Buffer }>> = {};
    for (const s of set) {
      if (except?.has(s.connection)) continue;
      const vsn = s.connection.vsn;
      // Public and private channels of one name are distinct on the wire (§2.3) but carry the
      // same topic string, so one encoding serves both. Serialised and framed once: each of the
      // 10,000 sockets of a race-day broadcast is then one write of the same bytes.
      let once = encoded[vsn];
      if (!once) {
        const text = encodeFrame(vsn, frame);
        once = { text, wire: websocketTextFrame(text) };
        encoded[vsn] = once;
      }
      s.connection.sendFramed(once.text, once.wire);
    }
  }

  /** Closes the fan channels whose session has ended (a sign-out elsewhere; §11.4). */
  private async checkSessions() {
    const fans: Subscription[] = [];
    for (const set of this.channels.values()) for (const s of set) if (s.fan) fans.push(s);
    if (fans.length === 0) return;
    let open: Set<string>;
    try {
      open = await openSessions(this.db, [...new Set(fans.map((s) => s.fan?.sessionId ?? ''))]);
    } catch {
      return; // the database is unavailable: keep the channels, check again next round
    }
    for (const s of fans) {
      if (s.fan && !open.has(s.fan.sessionId)) {
        s.connection.closeChannel(
          s,
          `Unauthorized: the session has ended; sign in again to read from ${s.name}`,
        );
      }
    }
  }
}
