import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import type { SessionTokens } from '../auth/session-tokens.ts';
import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import { checkFanToken, readRefusal, UNAVAILABLE_REASON } from './realtime-auth.ts';
import { decodeFrame, encodeFrame, type Frame, type Vsn } from './realtime-frames.ts';
import type { HubConnection, RealtimeHub, Subscription } from './realtime-hub.ts';

export interface ConnectionDeps {
  hub: RealtimeHub;
  db: Database;
  clock: Clock;
  tokens: SessionTokens;
  /** Whether this fan may read the challenge's results through the API now (realtime-compat §11.2). */
  mayReadResults(organization: Organization, userId: string, challengeId: string): Promise<boolean>;
  /** realtime-compat §11.6: error answers wait, slowing a client's rejoin loop. */
  errorDelayMs: number;
}

/** realtime-compat §9.4: the official limits this server keeps. */
const MAX_CHANNELS = 100;
const MAX_JOINS_PER_SECOND = 20;
const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const FAN_TOPIC = new RegExp(`^fan:${UUID}$`);
const RESULTS_TOPIC = new RegExp(`^results:${UUID}$`);

/**
 * One socket of the realtime protocol: joins, leaves, heartbeats, token updates, presence and
 * (refused) client broadcasts, answered as Supabase Realtime answers them (realtime-compat §3–§9).
 */
export class RealtimeConnection implements HubConnection {
  private readonly subscriptions = new Map<string, Subscription>();
  private joinWindow = { start: 0, count: 0 };
  /** When the client last sent anything; a socket silent for 60 s is closed (§4). */
  lastSeen = Date.now();
  private closed = false;
  /**
   * The TCP socket under the WebSocket, when a frame framed once may be written to it as is:
   * with no extension negotiated (the server offers no compression), `ws` frames a text message
   * exactly as `websocketTextFrame` does and writes it at once, never queueing it, so writing
   * the same bytes directly keeps the stream's order and saves its per-socket framing.
   */
  private readonly wire: Writable | null;

  constructor(
    private readonly socket: WebSocket,
    readonly vsn: Vsn,
    private readonly organization: Organization,
    private readonly deps: ConnectionDeps,
  ) {
    this.wire =
      socket.extensions === '' ? ((socket as unknown as { _socket?: Writable })._socket ?? null) : null;
    socket.on('message', (data, isBinary) => {
      this.lastSeen = Date.now();
      const frame = decodeFrame(toBuffer(data), isBinary, vsn);
      if (frame) void this.handle(frame).catch(() => this.socket.terminate());
    });
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
  }

  /** A text frame. */
  sendText(text: string) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text, { binary: false });
  }

  /** A broadcast's frame, serialised and framed once for all its sockets: one write here. */
  sendFramed(text: string, wire: Buffer) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.wire) this.wire.write(wire);
    else this.socket.send(text, { binary: false });
  }

  private send(frame: Frame) {
    this.sendText(encodeFrame(this.vsn, frame));
  }

  private reply(frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>) {
    const answer = () =>
      this.send({
        joinRef: frame.joinRef,
        ref: frame.ref,
        topic: frame.topic,
        event: 'phx_reply',
        payload: { status, response },
      });
    if (status === 'error' && this.deps.errorDelayMs > 0) setTimeout(answer, this.deps.errorDelayMs).unref();
    else answer();
  }

  private refuse(frame: Frame, reason: string) {
    this.reply(frame, 'error', { reason });
  }

  private async handle(frame: Frame) {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return this.reply(frame, 'ok', {});
    if (frame.event === 'phx_join') return this.join(frame);
    if (frame.event === 'phx_leave') {
      const subscription = this.subscriptions.get(frame.topic);
      if (subscription) this.leave(subscription);
      return this.reply(frame, 'ok', {});
    }
    const subscription = this.subscriptions.get(frame.topic);
    if (!subscription) return this.refuse(frame, 'unmatched topic');
    switch (frame.event) {
      case 'access_token':
        return this.updateToken(subscription, frame.payload.access_token);
      case 'presence':
        return this.presence(subscription, frame);
      case 'broadcast':
        // realtime-compat §11.3: only the server sends on Paddock's channels.
        if (subscription.broadcastAck)
          this.refuse(frame, 'Unauthorized: only the server broadcasts on this channel');
        return;
      default:
        return this.refuse(frame, 'unmatched topic');
    }
  }

  private async join(frame: Frame) {
    const now = Date.now();
    if (now - this.joinWindow.start >= 1_000) this.joinWindow = { start: now, count: 0 };
    if (++this.joinWindow.count > MAX_JOINS_PER_SECOND) {
      this.socket.close(1008, 'Too many joins per second');
      return;
    }
    const config = objectOf(frame.payload.config);
    const isPrivate = config.private === true;
    const token = typeof frame.payload.access_token === 'string' ? frame.payload.access_token : null;
    if (!frame.topic.startsWith('realtime:')) return this.refuse(frame, 'unmatched topic');
    const name = frame.topic.slice('realtime:'.length);
    if (name === '') return this.refuse(frame, 'TopicNameRequired: You must provide a topic name');

    let fan: Subscription['fan'] = null;
    let presenceKey = String(objectOf(config.presence).key ?? '') || randomUUID();
    if (name === 'live') {
      // realtime-compat §11.5: a signed-in fan is present once, whatever their devices.
      const claims = token && token !== this.organization.publishableKey ? await this.claims(token) : null;
      if (claims) presenceKey = claims.sub;
    } else {
      const fanTopic = FAN_TOPIC.exec(name);
      const resultsTopic = RESULTS_TOPIC.exec(name);
      if (!fanTopic?.[1] && !resultsTopic?.[1]) return this.refuse(frame, 'unmatched topic');
      if (!isPrivate)
        return this.refuse(frame, `Unauthorized: ${name} is a private channel; join it with private: true`);
      // fan:{userId} is that fan's only; results:{challengeId} any fan of the organization's
      // who may read the results (§11.2).
      const check = await checkFanToken(
        this.deps.tokens,
        this.deps.db,
        this.deps.clock,
        token === this.organization.publishableKey ? null : token,
        this.organization.id,
        name,
        fanTopic?.[1] ?? null,
      );
      if (!check.ok) return this.refuse(frame, check.reason);
      const challengeId = resultsTopic?.[1];
      const readable = challengeId ? await this.mayReadResults(check.claims.sub, challengeId) : true;
      if (readable !== true) return this.refuse(frame, readable === false ? readRefusal(name) : readable);
      fan = {
        userId: check.claims.sub,
        sessionId: check.claims.session_id,
        exp: check.claims.exp,
        expiry: null,
      };
    }
    if (this.closed) return;

    const previous = this.subscriptions.get(frame.topic);
    if (previous) this.leave(previous);
    else if (this.subscriptions.size >= MAX_CHANNELS) {
      return this.refuse(frame, 'ChannelRateLimitReached: Too many channels');
    }
    const subscription: Subscription = {
      connection: this,
      organizationId: this.organization.id,
      topic: frame.topic,
      name,
      joinRef: frame.joinRef,
      broadcastAck: objectOf(config.broadcast).ack === true,
      presenceKey,
      presence: null,
      fan,
    };
    this.subscriptions.set(frame.topic, subscription);
    this.deps.hub.add(subscription);
    this.scheduleExpiry(subscription);
    this.reply(frame, 'ok', { postgres_changes: [] });
    if (objectOf(config.presence).enabled === true) {
      this.send({
        joinRef: frame.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'presence_state',
        payload: this.deps.hub.presenceState(subscription),
      });
    }
  }

  /** True, false (not this fan's to read yet), or the refusal's reason when the database failed. */
  private async mayReadResults(userId: string, challengeId: string): Promise<boolean | string> {
    try {
      return await this.deps.mayReadResults(this.organization, userId, challengeId);
    } catch {
      return UNAVAILABLE_REASON; // refused for now: the client rejoins on its back-off
    }
  }

  private async claims(token: string) {
    try {
      return await this.deps.tokens.verify(token);
    } catch {
      return null;
    }
  }

  /** realtime-compat §5.3: a token nobody refreshes closes the fan channel when it expires. */
  private scheduleExpiry(subscription: Subscription) {
    const fan = subscription.fan;
    if (!fan) return;
    if (fan.expiry) clearTimeout(fan.expiry);
    const inMs = Math.max(0, fan.exp * 1000 - this.deps.clock.now().getTime());
    fan.expiry = setTimeout(
      () => {
        if (this.subscriptions.get(subscription.topic) !== subscription) return;
        this.closeChannel(subscription, 'InvalidJWTToken: Token has expired 0 seconds ago');
      },
      Math.min(inMs, 2 ** 31 - 1),
    );
    fan.expiry.unref();
  }

  /** realtime-compat §5.2, §11.4: a new token is checked again; a bad one closes fan channels. */
  private async updateToken(subscription: Subscription, value: unknown) {
    if (!subscription.fan) return;
    const token = typeof value === 'string' && value !== this.organization.publishableKey ? value : null;
    if (!token) return this.closeChannel(subscription, readRefusal(subscription.name));
    const check = await checkFanToken(
      this.deps.tokens,
      this.deps.db,
      this.deps.clock,
      token,
      this.organization.id,
      subscription.name,
      subscription.fan.userId,
    );
    if (this.subscriptions.get(subscription.topic) !== subscription) return;
    // The database could not judge the new token: the socket closes (the caller terminates it),
    // so the client reconnects and rejoins with its fresh token instead of losing the channel.
    if (!check.ok && check.unavailable) throw new Error(check.reason);
    if (!check.ok) return this.closeChannel(subscription, check.reason);
    subscription.fan.sessionId = check.claims.session_id;
    subscription.fan.exp = check.claims.exp;
    this.scheduleExpiry(subscription);
  }

  closeChannel(subscription: Subscription, message: string) {
    if (this.subscriptions.get(subscription.topic) !== subscription) return;
    this.leave(subscription);
    const { joinRef, topic } = subscription;
    this.send({
      joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel: subscription.name },
    });
    this.send({ joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} });
  }

  private presence(subscription: Subscription, frame: Frame) {
    const event = frame.payload.event;
    if (event === 'untrack') {
      this.deps.hub.untrack(subscription);
      return this.reply(frame, 'ok', {});
    }
    if (event !== 'track') return this.refuse(frame, 'unmatched topic');
    const meta = frame.payload.payload;
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
      return this.refuse(frame, 'Presence track payload must be a map');
    }
    this.deps.hub.track(subscription, meta as Record<string, unknown>);
    return this.reply(frame, 'ok', {});
  }

  private leave(subscription: Subscription) {
    this.subscriptions.delete(subscription.topic);
    this.deps.hub.remove(subscription);
  }

  private dispose() {
    if (this.closed) return;
    this.closed = true;
    for (const subscription of [...this.subscriptions.values()]) this.leave(subscription);
  }

  close(code: number, reason: string) {
    this.socket.close(code, reason);
  }

  terminate() {
    this.dispose();
    this.socket.terminate();
  }
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
