import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { PinoPretty } from 'pino-pretty';

/**
 * One log line per request at `info`, written when the response is sent, instead of Fastify's
 * two ("incoming request" and "request completed"). The path is logged without its query string:
 * e-mail links carry tokens there (auth's verify and recover links).
 */
export const requestLog = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const ms = Math.round(reply.elapsedTime);
    // Who and which team, when the product API resolved them (never a token or a password).
    const ctx = (request as { ctx?: { organization?: { id: string }; user?: { id: string } | null } }).ctx;
    request.log.info(
      {
        method: request.method,
        path,
        statusCode: reply.statusCode,
        responseTime: ms,
        ...(ctx?.organization ? { organizationId: ctx.organization.id } : {}),
        ...(ctx?.user ? { userId: ctx.user.id } : {}),
      },
      `${request.method} ${path} ${reply.statusCode} ${ms} ms`,
    );
  });
});

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a plain token (it ends up in logs), else a new UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** How long a log line may wait in the buffer of a non-terminal destination. */
export const LOG_FLUSH_MS = 1_000;
/** Bytes gathered before a write (a few dozen request lines). */
const LOG_BUFFER_BYTES = 4_096;

/** Where the server's lines go; `flush` resolves once every line logged so far is written. */
export interface ServerLogger {
  level: string;
  stream: { write(line: string): void };
  flush(): Promise<void>;
}

/**
 * Pino options for the server process: readable lines through pino-pretty in a terminal,
 * JSON lines otherwise (a log collector reads those). The pretty stream is synchronous (not a
 * worker transport) so its lines keep their order with what main.ts prints after listening.
 *
 * The JSON lines are buffered (decision 032, "request log"): one write(2) per request cost
 * ~7 % of the server's CPU under race-day load, so lines are gathered up to 4 kB and written
 * together, and a quiet server still writes what it has within LOG_FLUSH_MS. pino's own exit
 * handler writes what is left when the process exits (a crash included); only a SIGKILL can
 * lose the last second of lines.
 */
export function loggerOptions(level: string, isTerminal: boolean, dest: number | string = 1): ServerLogger {
  if (isTerminal) {
    const stream = PinoPretty({
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,method,path,statusCode,responseTime,organizationId,userId',
      singleLine: true,
    });
    return { level, stream, flush: async () => {} };
  }
  const stream = pino.destination({
    dest,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  return {
    level,
    stream,
    flush: async () => {
      // A file destination (the tests) opens asynchronously; stdout is ready at once.
      if ((stream as unknown as { fd: number }).fd < 0) await once(stream, 'ready');
      await new Promise<void>((resolve) => stream.flush(() => resolve()));
    },
  };
}
