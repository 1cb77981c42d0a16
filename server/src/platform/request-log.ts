import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PinoPretty } from 'pino-pretty';

/**
 * One log line per request at `info`, written when the response is sent, instead of Fastify's
 * two ("incoming request" and "request completed"). The path is logged without its query string:
 * e-mail links carry tokens there (auth's verify and recover links).
 */
export const requestLog = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const ms = Math.round(reply.elapsedTime);
    request.log.info(
      { method: request.method, path, statusCode: reply.statusCode, responseTime: ms },
      `${request.method} ${path} ${reply.statusCode} ${ms} ms`,
    );
  });
});

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
    ignore: 'pid,hostname,reqId,method,path,statusCode,responseTime',
    singleLine: true,
  });
  return { level, stream };
}
