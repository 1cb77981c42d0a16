import type { Leaderboard, LeaderboardBoard } from '@paddock/contracts/api/leaderboard';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/leaderboard/{board}: the top 100, the fan's position and the fans around it (decision 025). */
export const leaderboardQueryOptions = (board: LeaderboardBoard) =>
  queryOptions({
    queryKey: [...queryKeys.leaderboard, board] as const,
    queryFn: () => api.get<Leaderboard>(`/leaderboard/${board}`),
    // A position moves with every award of every fan: refetch when the fan comes back to it,
    // and at once on the fan's own award (points_awarded, lib/live).
    staleTime: 30_000,
  });
