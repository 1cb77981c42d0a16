import type {
  ArcadeAttempt,
  Challenge,
  ChallengeAnswerBody,
  ChallengeAnswerResult,
  ChallengeList,
} from '@paddock/contracts/api/challenges';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/challenge?subtype= (product §7): the visible challenges of one subtype. */
export const challengeListQuery = (subtype?: string) =>
  queryOptions({
    queryKey: queryKeys.challenges(subtype),
    queryFn: ({ signal }) =>
      api.get<ChallengeList>(subtype ? `/challenge?subtype=${encodeURIComponent(subtype)}` : '/challenge', {
        signal,
      }),
    select: (data) => data.items,
  });

export const challengeQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.challenge(id),
    queryFn: ({ signal }) => api.get<Challenge>(`/challenge/${encodeURIComponent(id)}`, { signal }),
  });

/** POST /api/challenge/{id}/attempt: a signed, single-use arcade attempt (decision 007). */
export const requestArcadeAttempt = (id: string) =>
  api.post<ArcadeAttempt>(`/challenge/${encodeURIComponent(id)}/attempt`, {});

/**
 * POST /api/challenge/{id}. The answer's result carries the challenge as the fan now sees it,
 * so the screen updates at once; the fan's points (queryKeys.me) and history are refetched
 * because the ledger moved.
 */
export function useAnswerChallenge(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChallengeAnswerBody) =>
      api.post<ChallengeAnswerResult>(`/challenge/${encodeURIComponent(id)}`, body),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.challenge(id), result.challenge);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.challenges() });
    },
  });
}
