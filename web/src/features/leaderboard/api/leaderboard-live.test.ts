import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keysFor } from '../../../lib/live/live-connection.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { leaderboardQueryOptions } from './leaderboard-api.ts';

/** The fan's own position updates on their private event (docs/realtime-compat.md §12). */
describe('the live position', () => {
  it("the fan's own award refetches every board they show: the dashboard card and the leaderboard", async () => {
    const client = new QueryClient();
    const boards = (['season', 'week'] as const).map((b) => leaderboardQueryOptions(b).queryKey);
    for (const key of boards) client.setQueryData(key, { me: { position: 80_000, points: 5 } } as never);
    client.setQueryData(queryKeys.challenges(), []);
    for (const key of keysFor('points_awarded', { amount: 50 }))
      await client.invalidateQueries({ queryKey: key, refetchType: 'none' });
    for (const key of boards) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.challenges())?.isInvalidated).toBe(false);
  });
});
