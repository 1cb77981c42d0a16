import { api, request } from './api-client.ts';

/**
 * What every operator API (/api/admin, product §11) shares. Each domain's console calls live in
 * features/<domain>/console/*-console-api.ts; their query keys all start with `admin`, so one
 * invalidation of `consoleKeys.all` refreshes every console screen.
 */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const consoleKeys = { all: ['admin'] as const };

/** `?a=1&b=2` from the given parameters, leaving out empty ones ('' when none is left). */
export const queryString = (params: Record<string, string | number | undefined | null>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

/** Creates an item (POST to the collection) or, once it has an id, replaces it (PUT). */
export const createOrReplace = <T>(collection: string, id: string | null, body: unknown) =>
  id ? request<T>('PUT', `${collection}/${id}`, { body }) : api.post<T>(collection, body);
