import type { Sweepstake, SweepstakeEntryResult } from '@paddock/contracts/api/sweepstakes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const sweepstakesQuery = () =>
  queryOptions({
    queryKey: queryKeys.sweepstakes,
    queryFn: ({ signal }) => api.get<Sweepstake[]>('/sweepstake', { signal }),
  });

export const sweepstakeQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sweepstake(id),
    queryFn: ({ signal }) => api.get<Sweepstake>(`/sweepstake/${encodeURIComponent(id)}`, { signal }),
  });

/**
 * POST /api/sweepstake/{id}/entry `{count}` (paid) or …/free-entry (the free method). Either
 * way the fan's balance and the sweepstake's counts change, so both are refetched.
 */
export function useEnterSweepstake(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { free: true } | { free: false; count: number }) =>
      input.free
        ? api.post<SweepstakeEntryResult>(`/sweepstake/${encodeURIComponent(id)}/free-entry`, {})
        : api.post<SweepstakeEntryResult>(`/sweepstake/${encodeURIComponent(id)}/entry`, {
            count: input.count,
          }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sweepstake(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sweepstakes });
    },
  });
}

/** The refusals of an entry (product §8: 422 on entry = insufficient points, among others), in the fan's words. */
const KNOWN = [
  'insufficient_points',
  'sweepstake_not_live',
  'underage',
  'country_not_eligible',
  'entry_cap_reached',
  'free_entry_already_used',
] as const;

export function entryErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'errors.sign_in';
    if ((KNOWN as readonly string[]).includes(error.code)) return `errors.${error.code}`;
    if (error.status === 422) return 'errors.refused';
  }
  return 'errors.generic';
}
