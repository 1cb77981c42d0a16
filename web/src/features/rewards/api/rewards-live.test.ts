import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keysFor } from '../../../lib/live/live-connection.ts';
import { rewardsKeys } from './rewards-api.ts';

/** offer_unlocked and boost_changed (decision 024) refetch what the rewards screens show. */
describe('live rewards', () => {
  it('an unlocked offer refetches both offer queries; a boost change refetches the boosts', async () => {
    const client = new QueryClient();
    for (const key of [rewardsKeys.offerList, rewardsKeys.currentOffer, rewardsKeys.boosts])
      client.setQueryData(key, []);
    for (const key of keysFor('offer_unlocked', { offerId: 'o1' }))
      await client.invalidateQueries({ queryKey: key, refetchType: 'none' });
    expect(client.getQueryState(rewardsKeys.offerList)?.isInvalidated).toBe(true);
    expect(client.getQueryState(rewardsKeys.currentOffer)?.isInvalidated).toBe(true);
    expect(client.getQueryState(rewardsKeys.boosts)?.isInvalidated).toBe(false);
    expect(keysFor('boost_changed', { boostId: 'b1', status: 'active' })).toEqual([rewardsKeys.boosts]);
  });
});
