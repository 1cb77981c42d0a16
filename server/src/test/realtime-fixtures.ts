import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { Organization } from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

/** The official client's channel states a subscribe callback reports. */
export type SubscribeStatus = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED';

/**
 * The official realtime client (the realtime half of supabase-js) on `ws` against our server.
 * With a token it awaits setAuth() first, as apps should (realtime-compat §10.3).
 */
export async function realtimeClient(base: string, org: Organization, token?: string) {
  const client = new RealtimeClient(`${base.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: org.publishableKey },
    transport: WebSocket as never,
    ...(token ? { accessToken: async () => token } : {}),
  });
  if (token) await client.setAuth();
  return client;
}

/**
 * The test app on a loopback port for the official client, the test clock set to real time
 * (token expiry is judged against it). `client()` opens a client; every client opened or
 * `kept` is disconnected after the file.
 */
export function listenForClients(t: TestContext) {
  let base = '';
  const clients: RealtimeClient[] = [];
  beforeAll(async () => {
    t.clock.set(new Date());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.disconnect()));
  });
  return {
    base: () => base,
    keep: (c: RealtimeClient) => clients.push(c),
    async client(o: Organization, token?: string) {
      const c = await realtimeClient(base, o, token);
      clients.push(c);
      return c;
    },
  };
}

/**
 * Subscribes and records every status the client reports, in order; `next(status)` waits for
 * the next report of that status (or of any, when omitted).
 */
export function subscribe(channel: RealtimeChannel) {
  const statuses: { status: SubscribeStatus; message?: string }[] = [];
  let waiters: (() => void)[] = [];
  channel.subscribe((status, error) => {
    statuses.push({ status: status as SubscribeStatus, ...(error ? { message: error.message } : {}) });
    const current = waiters;
    waiters = [];
    for (const wake of current) wake();
  });
  return {
    statuses,
    async next(status?: SubscribeStatus, timeoutMs = 8_000) {
      const from = statuses.length;
      const found = () => statuses.slice(from).find((s) => !status || s.status === status);
      const end = Date.now() + timeoutMs;
      while (!found() && Date.now() < end) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      const result = found();
      if (!result)
        throw new Error(`no ${status ?? 'status'} within ${timeoutMs} ms: ${JSON.stringify(statuses)}`);
      return result;
    },
    /** The first status reported, waiting for it if none has been yet. */
    async first(timeoutMs = 8_000) {
      const end = Date.now() + timeoutMs;
      while (statuses.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const result = statuses[0];
      if (!result) throw new Error(`no status within ${timeoutMs} ms`);
      return result;
    },
  };
}

/** Collects the payloads of one broadcast event on a channel (register before subscribing). */
export function collectBroadcasts(channel: RealtimeChannel, event: string) {
  const payloads: Record<string, unknown>[] = [];
  channel.on('broadcast', { event }, (message) => {
    payloads.push(message.payload as Record<string, unknown>);
  });
  return {
    payloads,
    async until(count: number, timeoutMs = 5_000) {
      const end = Date.now() + timeoutMs;
      while (payloads.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return payloads;
    },
  };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
