import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, conflict, unprocessable } from './errors.ts';
import { IdempotencyRecords } from './idempotency-records.ts';

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
/** How often each process deletes lapsed keys. */
const SWEEP_EVERY_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyRecordId?: number;
  }
}

function requestHash(request: FastifyRequest): string {
  const body = Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('hex');
}

/**
 * Idempotency-Key for product writes (product §12.5, decision 017): the first request with a key runs and its
 * response is stored; a repeat with the same key and the same request gets that response again
 * (header `Idempotent-Replayed: true`) without running; the same key on a different request is
 * 422; a repeat while the first is still running is 409 (the client waits and retries). Keys
 * are scoped to the organization and the caller, so nobody can read another's stored answer.
 * Server errors (5xx) are not stored: the client may retry them for real.
 */
export const idempotency = fp(async (app: FastifyInstance) => {
  const records = new IdempotencyRecords(app.deps.db);
  // Lapsed records go once a minute, from every process (deleting the same rows twice is
  // harmless); one sweep at a time, and never in the way of shutting down.
  let sweeping: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    sweeping ??= records
      .sweep(app.deps.clock.now())
      .catch((error: Error) => app.log.warn({ err: error.message }, 'idempotency keys: sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !WRITE_METHODS.has(request.method)) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY.test(key)) {
      throw new AppError(
        400,
        'invalid_idempotency_key',
        'Idempotency-Key must be 8–128 letters, digits or _.:-',
      );
    }
    const organizationId = request.ctx.organization.id;
    const caller = request.ctx.user?.id ?? 'anonymous';
    const hash = requestHash(request);
    const id = await records.claim({
      organizationId,
      caller,
      key,
      requestHash: hash,
      at: app.deps.clock.now(),
    });
    if (id !== null) {
      request.idempotencyRecordId = id;
      return;
    }
    const stored = await records.find(organizationId, caller, key);
    if (!stored) {
      // Taken a moment ago by a request that has failed since (5xx): it kept no record.
      throw conflict(
        'idempotency_in_progress',
        'The first request with this Idempotency-Key just failed; retry',
      );
    }
    if (stored.requestHash !== hash) {
      throw unprocessable(
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request',
      );
    }
    if (stored.statusCode === null) {
      throw conflict(
        'idempotency_in_progress',
        'The first request with this Idempotency-Key is still running; retry shortly',
      );
    }
    reply.header('idempotent-replayed', 'true');
    if (stored.responseType) reply.header('content-type', stored.responseType);
    return reply.status(stored.statusCode).send(stored.responseBody ?? undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyRecordId;
    if (id === undefined) return payload;
    request.idempotencyRecordId = undefined;
    if (
      reply.statusCode >= 500 ||
      (typeof payload !== 'string' && payload !== null && payload !== undefined)
    ) {
      await records.release(id);
      return payload;
    }
    const type = reply.getHeader('content-type');
    try {
      await records.complete({
        id,
        statusCode: reply.statusCode,
        responseBody: (payload as string | null | undefined) ?? null,
        responseType: typeof type === 'string' ? type : null,
        at: app.deps.clock.now(),
      });
    } catch (error) {
      // The write ran and this is its answer: the fan gets it. Its key stays "in progress"
      // (a repeat is answered 409, never run twice), as after a crash at this point.
      request.log.warn({ err: (error as Error).message }, 'idempotency key: answer not stored');
    }
    return payload;
  });
});
