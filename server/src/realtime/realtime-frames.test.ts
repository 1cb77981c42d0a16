import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import WebSocket, { WebSocketServer } from 'ws';
import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';
import type { EventBus, LiveEvent, LiveListener } from '../platform/events/event-bus.ts';
import { encodeFrame, websocketTextFrame } from './realtime-frames.ts';
import { RealtimeConnection } from './realtime-connection.ts';
import { RealtimeHub } from './realtime-hub.ts';

/** ws's own reader of the frames a client receives (unmasked, from a server). */
const { Receiver, Sender } = wsModule as unknown as {
  Receiver: new (options: { isServer: boolean; maxPayload: number }) => NodeJS.WritableStream;
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};

const texts = {
  short: JSON.stringify([null, null, 'realtime:live', 'broadcast', { event: 'x' }]),
  medium: 'é'.repeat(200),
  long: 'a'.repeat(70_000),
} as const;

describe('a text frame framed once for every socket', () => {
  it.each(Object.entries(texts))(
    'is the bytes ws itself frames for a %s text, and reads back as that text',
    async (_, text) => {
      const wire = websocketTextFrame(text);
      const ws = Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, rsv1: false });
      expect(wire.equals(Buffer.concat(ws))).toBe(true);
      const receiver = new Receiver({ isServer: false, maxPayload: 0 });
      const read = once(receiver, 'message');
      receiver.write(wire);
      const [data, isBinary] = (await read) as [Buffer, boolean];
      expect(isBinary).toBe(false);
      expect(data.toString('utf8')).toBe(text);
    },
  );
});

describe('a broadcast through the hub', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  /** One hub and one socket server on a loopback port, with an event bus the test drives. */
  async function serve() {
    let deliver: LiveListener = () => undefined;
    const bus: EventBus = {
      kind: 'local',
      publish: async (event) => deliver(event),
      subscribe: (listener) => {
        deliver = listener;
        return () => undefined;
      },
      close: async () => undefined,
    };
    const hub = new RealtimeHub(bus, {} as Database, 60_000);
    const organization = { id: 'org-1', publishableKey: 'pk-1' } as Organization;
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    wss.on('connection', (socket, request) => {
      const vsn =
        new URL(request.url ?? '/', 'http://x').searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
      new RealtimeConnection(socket, vsn, organization, {
        hub,
        db: {} as Database,
        clock: { now: () => new Date() } as never,
        tokens: {} as never,
        mayReadResults: async () => false,
        errorDelayMs: 0,
      });
    });
    await once(wss, 'listening');
    closers.push(() => {
      hub.stop();
      wss.close();
      for (const client of wss.clients) client.terminate();
    });
    const port = (wss.address() as AddressInfo).port;
    return { bus, port };
  }

  async function client(port: number, vsn: '1.0.0' | '2.0.0') {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/?vsn=${vsn}`);
    closers.push(() => ws.terminate());
    const received: string[] = [];
    ws.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      received.push(String(data));
    });
    await once(ws, 'open');
    const until = async (n: number) => {
      const end = Date.now() + 3_000;
      while (received.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      return received;
    };
    return { ws, until };
  }

  it('reaches every socket as the text each protocol version reads, in order with its replies', async () => {
    const { bus, port } = await serve();
    const v2 = await client(port, '2.0.0');
    const v1 = await client(port, '1.0.0');
    v2.ws.send(JSON.stringify(['1', '1', 'realtime:live', 'phx_join', { config: {} }]));
    v1.ws.send(
      JSON.stringify({ join_ref: '1', ref: '1', topic: 'realtime:live', event: 'phx_join', payload: {} }),
    );
    await v2.until(1);
    await v1.until(1);
    const event = (payload: Record<string, unknown>): LiveEvent => ({
      organizationId: 'org-1',
      topic: 'live',
      event: 'challenge_published',
      payload,
    });
    const small = { challengeId: 'c1' };
    const large = { text: 'x'.repeat(70_000) };
    await bus.publish(event(small));
    // A reply sent by ws between two broadcasts written directly keeps its place in the stream.
    v2.ws.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]));
    await v2.until(3);
    await bus.publish(event(large));
    await bus.publish({ ...event(small), organizationId: 'org-2' });
    await bus.publish(event({ medium: 'é'.repeat(100) }));

    const frame = (vsn: '1.0.0' | '2.0.0', payload: Record<string, unknown>) =>
      encodeFrame(vsn, {
        joinRef: null,
        ref: null,
        topic: 'realtime:live',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'challenge_published', payload },
      });
    const heartbeatReply = encodeFrame('2.0.0', {
      joinRef: null,
      ref: '7',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    expect((await v2.until(5)).slice(1)).toEqual([
      frame('2.0.0', small),
      heartbeatReply,
      frame('2.0.0', large),
      frame('2.0.0', { medium: 'é'.repeat(100) }),
    ]);
    expect((await v1.until(4)).slice(1)).toEqual([
      frame('1.0.0', small),
      frame('1.0.0', large),
      frame('1.0.0', { medium: 'é'.repeat(100) }),
    ]);
  });
});
