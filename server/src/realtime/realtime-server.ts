import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import type { Organization } from '../db/schema.ts';
import { mayReadResults } from '../modules/challenges/challenge-tally.ts';
import { organizationByKey } from '../modules/organization/organization-service.ts';
import { RateLimiter } from '../platform/rate-limit.ts';
import type { Vsn } from './realtime-frames.ts';
import { RealtimeConnection } from './realtime-connection.ts';
import { RealtimeHub } from './realtime-hub.ts';

export const REALTIME_SOCKET_PATH = '/realtime/v1/websocket';

/** realtime-compat §4: the official server closes a socket silent for 60 s. */
const IDLE_MS = 60_000;
/** Handshakes per IP per 10 s before 429 (decision 014: throttle by real identity). */
const HANDSHAKES_PER_WINDOW = { limit: 60, windowMs: 10_000 };

/**
 * The realtime endpoint (decision 012): Supabase Realtime's protocol over `ws` on the HTTP
 * server's upgrade, so `supabase.channel()` works unchanged. The organization comes from the
 * `apikey` query parameter (realtime-compat §11.1); events come from the bus of every process.
 */
export async function realtimeServer(app: FastifyInstance) {
  const { deps } = app;
  const hub = new RealtimeHub(deps.events, deps.db, deps.config.REALTIME_SESSION_CHECK_MS);
  const limiter = new RateLimiter(deps.clock, deps.config.RATE_LIMIT_SCALE);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const connections = new Set<RealtimeConnection>();
  const errorDelayMs = deps.config.REALTIME_ERROR_DELAY_MS ?? (deps.config.NODE_ENV === 'test' ? 0 : 5_000);

  const idle = setInterval(() => {
    const before = Date.now() - IDLE_MS;
    for (const c of connections) if (c.lastSeen < before) c.close(1000, 'Idle timeout');
  }, 15_000);
  idle.unref();

  async function handshake(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const ip = clientIp(request);
    if (!(await limiter.allow(`realtime:${ip}`, HANDSHAKES_PER_WINDOW))) {
      return refuse(socket, 429, 'Too many connection attempts; try again shortly');
    }
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0')
      return refuse(socket, 400, `Unsupported vsn ${vsnParam}`);
    const key = url.searchParams.get('apikey');
    if (!key) return refuse(socket, 401, 'No apikey given');
    let organization: Organization | undefined;
    try {
      organization = await organizationByKey(deps.organizations, deps.db, key, undefined);
    } catch {
      return refuse(socket, 503, 'Realtime is unavailable; try again shortly');
    }
    if (!organization) return refuse(socket, 401, 'Unknown apikey');
    const org = organization;
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      const connection = new RealtimeConnection(ws, vsnParam as Vsn, org, {
        hub,
        db: deps.db,
        clock: deps.clock,
        tokens: deps.tokens,
        mayReadResults: (org, userId, challengeId) =>
          mayReadResults({ db: deps.db, org, userId, now: deps.clock.now() }, challengeId),
        errorDelayMs,
      });
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
    });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '').split('?')[0]?.replace(/\/$/, '');
    if (pathname !== REALTIME_SOCKET_PATH) return refuse(socket, 404, 'Not found');
    handshake(request, socket, head).catch(() => refuse(socket, 500, 'Realtime handshake failed'));
  };
  app.server.on('upgrade', onUpgrade);

  // Sockets are closed before the HTTP server stops, or close() would wait for them (graceful
  // shutdown). Each client is told 1012 "service restart" and reconnects on its own back-off,
  // through the load balancer, to a process that is up (realtime-compat §9.3); one that does not
  // finish the closing handshake within a second is cut.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    clearInterval(idle);
    hub.stop();
    for (const c of connections) c.close(1012, 'Server restarting: reconnect');
    const deadline = Date.now() + 1_000;
    while (connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const c of connections) c.terminate();
    connections.clear();
    wss.close();
  });

  // realtime-compat §6.3, §11.3: clients may not broadcast, over HTTP neither.
  app.post(
    '/realtime/v1/api/broadcast',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Client broadcast over HTTP: refused, only the server sends on Paddock channels',
        body: z.unknown(),
        response: { 403: z.object({ error: z.string() }) },
      },
    },
    async (_request, reply) =>
      reply.status(403).send({ error: 'Unauthorized: only the server broadcasts on Paddock channels' }),
  );

  return hub;
}

/** With trustProxy (app.ts) the left-most forwarded address is the client, as Fastify reads it. */
function clientIp(request: IncomingMessage): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.socket.remoteAddress || 'unknown';
}

/** realtime-compat §1.1: a refused handshake is an HTTP answer with a JSON `{error}` body. */
function refuse(socket: Duplex, status: number, error: string) {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify({ error });
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    404: 'Not Found',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status] ?? 'Error'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
