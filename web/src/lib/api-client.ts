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
}

/**
 * SPEC §7: every call carries a bearer (session token, else the organization key) and the
 * organization token header; the base URL comes from runtime configuration.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const config = runtimeConfig();
  const token = (await accessToken()) ?? config.organizationKey;
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'x-organization-token': config.organizationKey,
  };
  let body: BodyInit | undefined;
  if (options.binary) {
    headers['content-type'] = 'application/octet-stream';
    body = options.binary;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${config.apiBaseUrl}${path}`, {
    method,
    headers,
    body,
    signal: options.signal,
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = (data ?? {}) as { code?: string; message?: string };
    throw new ApiError(
      response.status,
      error.code ?? 'http_error',
      error.message ?? response.statusText,
      data,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
