import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { reportApiError } from './api-errors.ts';

/** Product §7/§8: network failures and 502/503/504 are retried up to 3 times; other errors are not. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return [502, 503, 504].includes(error.status);
  return error instanceof TypeError; // fetch's network failure
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 3 && isRetryable(error),
      },
      // Writes are retried inside the API client, under one Idempotency-Key (product §12.5, decision 017).
      mutations: { retry: false },
    },
    // Product §8: rule refusals (422) become destructive toasts with clear words; other response
    // errors are logged. A mutation can opt out with `meta: { silent: true }` to show its own.
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        reportApiError(error);
      },
    }),
  });
}
