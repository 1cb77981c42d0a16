import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalCode } from '@paddock/contracts/api/refusals';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './sql-errors.ts';
import { refusals } from './metrics.ts';

/** Seconds a client should wait before retrying while the database is away (decision 014). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** An error a client can act on: an HTTP status, a stable machine code and a clear message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'forbidden', message);
/** A refusal the fan or operator can act on; the code is one of the contracts' lists (decision 034). */
export const unprocessable = (code: RefusalCode, message: string, extra?: Record<string, unknown>) =>
  new AppError(422, code, message, extra);
/** A 409: the thing asked for clashes with one that exists (a slug, a key). */
export const conflict = (code: RefusalCode, message: string) => new AppError(409, code, message);

export interface ErrorBody {
  code: string;
  message: string;
  [key: string]: unknown;
}

/**
 * Maps every failure to JSON `{ code, message }` (decision 003). Bad input is a 4xx
 * whose message names the field; only a genuine defect is a 500, and its details stay in
 * the log.
 */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { code: error.code, message: error.message, ...error.extra } };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const where = fastifyError.validationContext ?? 'request';
    const details = fastifyError.validation.map((v) => {
      const field = v.instancePath ? v.instancePath.replace(/^\//, '').replaceAll('/', '.') : where;
      return { field, message: v.message ?? 'is invalid' };
    });
    const message = details.map((d) => `${d.field}: ${d.message}`).join('; ');
    return {
      status: 400,
      body: { code: 'validation_failed', message: `Invalid ${where}: ${message}`, details },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        code: 'database_unavailable',
        message: 'The service is briefly unavailable; try again in a few seconds',
      },
    };
  }
  if (isResponseSerializationError(fastifyError)) {
    return { status: 500, body: { code: 'internal_error', message: 'Something went wrong on our side' } };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { code: 'bad_json', message: 'Could not parse request body as JSON' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { code: 'payload_too_large', message: 'Request body is too large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: {
          code: 'unsupported_media_type',
          message: `Unsupported content type: ${fastifyError.message}`,
        },
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        body: { code: 'bad_request', message: 'Content-Length does not match the body' },
      };
  }
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    return {
      status: fastifyError.statusCode,
      body: { code: fastifyError.code ?? 'bad_request', message: fastifyError.message },
    };
  }
  return { status: 500, body: { code: 'internal_error', message: 'Something went wrong on our side' } };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorBody(error);
  if (status === 422 || status === 409) refusals.inc({ code: body.code });
  if (body.code === 'database_unavailable') {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.status(status).send(body);
}
