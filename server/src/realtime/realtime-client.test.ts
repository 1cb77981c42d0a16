import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.ts';
import { SessionTokens } from '../auth/session-tokens.ts';
import { UNAVAILABLE_REASON } from './realtime-auth.ts';
import { endSessions } from '../auth/sessions.ts';
import type { Organization } from '../db/schema.ts';
import { publishAfterCommit } from '../platform/events/after-commit.ts';
import type { LiveEvent } from '../platform/events/event-bus.ts';
import {
  collectBroadcasts,
  listenForClients,
  pause,
  realtimeClient,
  subscribe,
} from '../test/realtime-fixtures.ts';
import { failReadsOf } from '../test/failing-reads.ts';
import { createFan, createOrg, type TestFan, useTestApp } from '../test/test-app.ts';

/**
 * The official client (@supabase/realtime-js, inside supabase-js) against the server on a
 * loopback port: realtime-compat §3–§11 as a fan's app lives them. The test clock is set to real
 * time because token expiry is judged against it.
 */
const t = useTestApp({ REALTIME_SESSION_CHECK_MS: '200', RATE_LIMIT_SCALE: '100' });
const listening = listenForClients(t);
let org: Organization;
let other: Organization;
let fan: TestFan;
let otherFan: TestFan;

beforeAll(async () => {
  org = await createOrg(t);
  other = await createOrg(t);
  fan = await createFan(t, org);
  otherFan = await createFan(t, org);
});
const client = (o: Organization, token?: string) => listening.client(o, token);

const publish = (event: LiveEvent) => publishAfterCommit(t.db, event);
/** A team's `challenge_published` on `live`, as the catalogue announces one. */
const announceChallenge = (organizationId: string, challengeId: string) =>
  publish({ organizationId, topic: 'live', event: 'challenge_published', payload: { challengeId } });

describe('the live channel', () => {
  it('a fan joins live with the publishable key and receives what the server broadcasts, nothing of another team', async () => {
    const channel = (await client(org)).channel('live');
    const published = collectBroadcasts(channel, 'challenge_published');
    expect((await subscribe(channel).first()).status).toBe('SUBSCRIBED');
    const challengeId = randomUUID();
    announceChallenge(other.id, 'x');
    announceChallenge(org.id, challengeId);
    expect(await published.until(1)).toEqual([{ challengeId }]);
    await pause(200);
    expect(published.payloads).toHaveLength(1);
  });

  it('presence: two fans track, each sees both; one leaves and the other sees one', async () => {
    const a = (await client(org, fan.accessToken)).channel('live');
    const b = (await client(org, otherFan.accessToken)).channel('live');
    let bSynced = 0;
    b.on('presence', { event: 'sync' }, () => {
      bSynced += 1;
    });
    for (const ch of [a, b]) expect((await subscribe(ch).first()).status).toBe('SUBSCRIBED');
    expect(await a.track({ screen: 'dashboard' })).toBe('ok');
    expect(await b.track({ screen: 'poll' })).toBe('ok');
    const keys = async (ch: typeof a, n: number) => {
      const end = Date.now() + 3_000;
      while (Object.keys(ch.presenceState()).length !== n && Date.now() < end) await pause(20);
      return ch.presenceState();
    };
    // realtime-compat §11.5: a signed-in fan's presence key is their user id.
    const seen = await keys(b, 2);
    expect(Object.keys(seen).sort()).toEqual([fan.user.id, otherFan.user.id].sort());
    expect(seen[fan.user.id]?.[0]).toMatchObject({ screen: 'dashboard' });
    expect(bSynced).toBeGreaterThan(0);
    await a.unsubscribe();
    expect(Object.keys(await keys(b, 1))).toEqual([otherFan.user.id]);
  });

  it('a client may not broadcast: an acked send is answered with an error, HTTP broadcast is 403', async () => {
    const channel = (await client(org)).channel('live', { config: { broadcast: { ack: true } } });
    expect((await subscribe(channel).first()).status).toBe('SUBSCRIBED');
    expect(await channel.send({ type: 'broadcast', event: 'poll_results', payload: { fake: true } })).toBe(
      'error',
    );
    const http = await t.app.inject({
      method: 'POST',
      url: `/realtime/v1/api/broadcast?apikey=${org.publishableKey}`,
      payload: { messages: [{ topic: 'live', event: 'x', payload: {} }] },
    });
    expect(http.statusCode).toBe(403);
    expect(http.json()).toEqual({ error: expect.stringMatching(/^Unauthorized/) });
  });

  it('an unknown key is refused at the handshake with 401 and a JSON error', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(
        `${listening.base().replace('http', 'ws')}/realtime/v1/websocket?apikey=nope&vsn=2.0.0`,
      );
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
    });
    expect(status).toBe(401);
  });

  it('an unknown topic and a bare realtime: are refused', async () => {
    const unknown = subscribe((await client(org)).channel('somewhere-else'));
    expect(await unknown.first()).toEqual({ status: 'CHANNEL_ERROR', message: '"unmatched topic"' });
  });
});

describe('a fan channel (private)', () => {
  const fanTopic = (f: TestFan) => `fan:${f.user.id}` as const;

  it('opens to its own fan and carries their private events only', async () => {
    const mine = (await client(org, fan.accessToken)).channel(fanTopic(fan), { config: { private: true } });
    const awarded = collectBroadcasts(mine, 'points_awarded');
    expect((await subscribe(mine).first()).status).toBe('SUBSCRIBED');
    publish({
      organizationId: org.id,
      topic: `fan:${otherFan.user.id}`,
      event: 'points_awarded',
      payload: { amount: 1 },
    });
    publish({
      organizationId: org.id,
      topic: fanTopic(fan),
      event: 'points_awarded',
      payload: { amount: 50 },
    });
    expect(await awarded.until(1)).toEqual([{ amount: 50 }]);
    await pause(200);
    expect(awarded.payloads).toHaveLength(1);
  });

  it('is refused to another fan, to the publishable key alone, and when not joined as private', async () => {
    const byOther = subscribe(
      (await client(org, otherFan.accessToken)).channel(fanTopic(fan), { config: { private: true } }),
    );
    const byKey = subscribe((await client(org)).channel(fanTopic(fan), { config: { private: true } }));
    const notPrivate = subscribe((await client(org, fan.accessToken)).channel(fanTopic(fan)));
    for (const s of [byOther, byKey, notPrivate]) {
      const first = await s.first();
      expect(first.status).toBe('CHANNEL_ERROR');
      expect(first.message).toMatch(/^"Unauthorized: /);
    }
  });

  it('is refused for now while the database fails the session read, without closing live; the client rejoins after', async () => {
    const newcomer = await createFan(t, org); // a token no memory knows: its join reads the session
    const socket = await client(org, newcomer.accessToken);
    const live = socket.channel('live');
    const published = collectBroadcasts(live, 'challenge_published');
    expect((await subscribe(live).first()).status).toBe('SUBSCRIBED');
    const restore = failReadsOf(t.deps.db, 'sessions');
    const mine = subscribe(socket.channel(fanTopic(newcomer), { config: { private: true } }));
    try {
      expect(await mine.first()).toEqual({
        status: 'CHANNEL_ERROR',
        message: `"${UNAVAILABLE_REASON}"`,
      });
    } finally {
      restore();
    }
    // The socket stayed open: live still carries the team's broadcasts.
    const challengeId = randomUUID();
    announceChallenge(org.id, challengeId);
    expect(await published.until(1)).toEqual([{ challengeId }]);
    // The official client rejoins on its back-off, and the database now answers.
    expect((await mine.next('SUBSCRIBED', 15_000)).status).toBe('SUBSCRIBED');
  });

  it('closes when the token expires, with the official system error, and does not rejoin', async () => {
    const issuer = (t.deps.tokens as unknown as { issuer: string }).issuer;
    // A token issued almost an hour ago: valid for two more seconds.
    const past = { now: () => new Date(t.clock.now().getTime() - 3_598_000) };
    const shortLived = new SessionTokens(t.deps.keys, past, 3_600, issuer);
    const sessionId = decodeJwt(fan.accessToken).session_id as string;
    const { token } = await shortLived.signAccessToken(fan.user, { id: sessionId, aal: 'aal1', amr: [] });
    const channel = (await client(org, token)).channel(fanTopic(fan), { config: { private: true } });
    const system: Record<string, unknown>[] = [];
    channel.on('system', {}, (payload) => system.push(payload));
    const s = subscribe(channel);
    expect((await s.first()).status).toBe('SUBSCRIBED');
    await s.next('CLOSED', 5_000);
    expect(system).toEqual([
      {
        extension: 'system',
        status: 'error',
        message: expect.stringMatching(/^InvalidJWTToken: Token has expired/),
        channel: fanTopic(fan),
      },
    ]);
    await pause(1_500);
    expect(s.statuses.map((x) => x.status)).toEqual(['SUBSCRIBED', 'CLOSED']);
  });

  it('closes within seconds when the session is signed out elsewhere', async () => {
    const signedIn = await createFan(t, org);
    const channel = (await client(org, signedIn.accessToken)).channel(fanTopic(signedIn), {
      config: { private: true },
    });
    const s = subscribe(channel);
    expect((await s.first()).status).toBe('SUBSCRIBED');
    await endSessions(t.db, { userId: signedIn.user.id });
    expect((await s.next('CLOSED', 3_000)).status).toBe('CLOSED');
  });

  it('closes when the app signs out (the client pushes the publishable key as its token)', async () => {
    const signedIn = await createFan(t, org);
    const c = await client(org);
    await c.setAuth(signedIn.accessToken);
    const channel = c.channel(fanTopic(signedIn), { config: { private: true } });
    const s = subscribe(channel);
    expect((await s.first()).status).toBe('SUBSCRIBED');
    await c.setAuth(org.publishableKey);
    expect((await s.next('CLOSED', 3_000)).status).toBe('CLOSED');
  });
});

describe('server restart', () => {
  it('the client reconnects with its own back-off and rejoins; events flow again', async () => {
    const first = await buildApp(t.deps, { serveWeb: false });
    const address = await first.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const c = await realtimeClient(address, org);
    listening.keep(c);
    const channel = c.channel('live');
    const settled = collectBroadcasts(channel, 'challenge_settled');
    const s = subscribe(channel);
    expect((await s.first()).status).toBe('SUBSCRIBED');
    await first.close();
    const second = await buildApp(t.deps, { serveWeb: false });
    try {
      await second.listen({ port, host: '127.0.0.1' });
      expect((await s.next('SUBSCRIBED', 15_000)).status).toBe('SUBSCRIBED');
      publish({
        organizationId: org.id,
        topic: 'live',
        event: 'challenge_settled',
        payload: { challengeId: 'c1' },
      });
      expect(await settled.until(1)).toEqual([{ challengeId: 'c1' }]);
    } finally {
      await c.disconnect();
      await second.close();
    }
  });
});
