import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

/**
 * Pino options for the server process: readable lines through pino-pretty in a terminal,
 * JSON lines otherwise (a log collector reads those). The pretty stream is synchronous (not a
 * worker transport) so its lines keep their order with what main.ts prints after listening.
 */
export function loggerOptions(level: string, isTerminal: boolean): object {
  if (!isTerminal) return { level };
  const stream = PinoPretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,path,statusCode,responseTime,organizationId,userId',
    singleLine: true,
  });
  return { level, stream };
}
