import type { LedgerRefusal } from '@paddock/contracts/api/ledger';
import type {
  Sweepstake,
  SweepstakeEntryResult,
  SweepstakeRefusal,
} from '@paddock/contracts/api/sweepstakes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { failureKey } from '../../../lib/refusals.ts';
import type catalogue from '../i18n/en.json';

type ErrorKey = `errors.${keyof (typeof catalogue)['errors'] & string}`;

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
const REFUSAL_KEYS = {
  insufficient_points: 'errors.insufficient_points',
  sweepstake_not_live: 'errors.sweepstake_not_live',
  underage: 'errors.underage',
  country_not_eligible: 'errors.country_not_eligible',
  entry_cap_reached: 'errors.entry_cap_reached',
  free_entry_already_used: 'errors.free_entry_already_used',
} as const satisfies Record<SweepstakeRefusal | LedgerRefusal, ErrorKey>;

export function entryErrorKey(error: unknown): ErrorKey {
  return failureKey(error, REFUSAL_KEYS, 'errors.refused');
}
