import type { ChallengeList } from '@paddock/contracts/api/challenges';
import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The lists the dashboards summarise (signed-in dashboard and the logged-off one). With no
 * session the API client sends the organization key, so the same calls serve anonymous visitors.
 */
export const challengesQueryOptions = queryOptions({
  queryKey: queryKeys.challenges(),
  queryFn: () => api.get<ChallengeList>('/challenge'),
});

export const sweepstakesQueryOptions = queryOptions({
  queryKey: queryKeys.sweepstakes,
  queryFn: () => api.get<Sweepstake[]>('/sweepstake'),
});
