import { runtimeConfig } from './runtime-config.ts';
import { accessToken } from './supabase.ts';

/** A failed product API call: the HTTP status and the server's `{ code, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** Raw bytes (e.g. an avatar), sent as application/octet-stream. */
  binary?: Blob | ArrayBuffer;
  signal?: AbortSignal;
  /** Reuse a key to make a later call a retry of an earlier one; one is made per call otherwise. */
  idempotencyKey?: string;
}

/** Product §7/§9: at most 3 retries, backing off from 200 ms and doubling. */
export const MAX_RETRIES = 3;
const RETRY_BASE_MS = 200;
const RETRYABLE_STATUS = new Set([502, 503, 504]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Product §7: every call carries a bearer (session token, else the organization key) and the
 * organization token header; the base URL comes from runtime configuration.
 *
 * Writes carry an Idempotency-Key that the server honours, so this client may retry them on a
 * network failure or a 502/503/504 without paying twice: the server answers a repeat from the
 * first attempt's response. A 4xx is never retried. Reads are retried by TanStack Query.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const config = runtimeConfig();
  const write = method !== 'GET';
  const idempotencyKey = write ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
  let body: BodyInit | undefined;
  let contentType: string | undefined;
  if (options.binary) {
    contentType = 'application/octet-stream';
    body = options.binary;
  } else if (options.body !== undefined) {
    contentType = 'application/json';
    body = JSON.stringify(options.body);
  }
  for (let attempt = 0; ; attempt++) {
    const token = (await accessToken()) ?? config.organizationKey;
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'x-organization-token': config.organizationKey,
    };
    if (contentType) headers['content-type'] = contentType;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const canRetry = write && attempt < MAX_RETRIES && !options.signal?.aborted;
    let response: Response;
    try {
      response = await fetch(`${config.apiBaseUrl}${path}`, {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (canRetry && error instanceof TypeError) {
        await sleep(RETRY_BASE_MS * 2 ** attempt);
        continue;
      }
      throw error;
    }
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : null;
    if (response.ok) return data as T;
    const error = (data ?? {}) as { code?: string; message?: string };
    // 409 idempotency_in_progress: the first attempt is still running on the server.
    const transient = RETRYABLE_STATUS.has(response.status) || error.code === 'idempotency_in_progress';
    if (canRetry && transient) {
      await sleep(RETRY_BASE_MS * 2 ** attempt);
      continue;
    }
    throw new ApiError(
      response.status,
      error.code ?? 'http_error',
      error.message ?? response.statusText,
      data,
    );
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
