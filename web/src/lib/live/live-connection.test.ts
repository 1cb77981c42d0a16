import { describe, expect, it } from 'vitest';
import { queryKeys } from '../query-keys.ts';
import { keysFor } from './live-connection.ts';

describe('what a live event refreshes (docs/realtime-compat.md §12)', () => {
  it('poll results and a settlement refetch the challenge and the lists', () => {
    expect(keysFor('poll_results', { challengeId: 'c1' })).toEqual([
      queryKeys.challenges(),
      queryKeys.challenge('c1'),
    ]);
    expect(keysFor('challenge_settled', { challengeId: 'c1', outcomeIndex: 0 })).toContainEqual(
      queryKeys.challenge('c1'),
    );
  });

  it('a draw refetches that sweepstake; a private award refetches the points badge and history', () => {
    expect(keysFor('sweepstake_drawn', { sweepstakeId: 's1' })).toContainEqual(queryKeys.sweepstake('s1'));
    expect(keysFor('points_awarded', { amount: 50 })).toEqual([
      queryKeys.me,
      queryKeys.transactions,
      queryKeys.leaderboard,
    ]);
    expect(keysFor('rank_changed', {})).toContainEqual(queryKeys.me);
  });

  it('an unknown event refreshes nothing', () => {
    expect(keysFor('something_else', {})).toEqual([]);
  });
});
