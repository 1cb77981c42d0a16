import type { Challenge } from '@paddock/contracts/api/challenges';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../query-keys.ts';
import { readTally, showsResults, writeTally } from './results-tally.ts';

const id = '4b3f1c2e-1111-4a2b-9c3d-000000000001';
const option = (index: number, result: { votes: number; percent: number } | null) => ({
  index,
  text: `Option ${index}`,
  points: 10,
  correct: null,
  result,
});
const poll = (shown: boolean): Challenge => ({
  challengeId: id,
  type: 'poll',
  subtype: 'poll',
  title: 'Tyres',
  description: '',
  mediaId: null,
  imageUrl: null,
  visibleFrom: '2026-11-01T00:00:00.000Z',
  expiresOn: null,
  expired: false,
  maxPoints: 10,
  hideResultsUntilClose: false,
  userResponse: null,
  pollResponseIndex: shown ? 0 : null,
  options: [
    option(0, shown ? { votes: 1, percent: 100 } : null),
    option(1, shown ? { votes: 0, percent: 0 } : null),
  ],
  questions: [],
  outcome: null,
  settledAt: null,
  totalResponses: shown ? 1 : null,
  arcadeBrackets: null,
  completed: shown,
});
const tally = (total: number, votes: [number, number]) =>
  readTally({
    challengeId: id,
    totalResponses: total,
    options: votes.map((v, index) => ({ index, votes: v, percent: Math.round((v * 100) / total) })),
    questions: [],
  })!;

describe('the results topic writes the tally into the cache (decision 024)', () => {
  it('moves the bars of the cached challenge and of the cached lists, without a refetch', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.challenge(id), poll(true));
    queryClient.setQueryData(queryKeys.challenges('poll'), { items: [poll(true)] });
    writeTally(queryClient, tally(4, [3, 1]));
    const cached = queryClient.getQueryData<Challenge>(queryKeys.challenge(id));
    expect(cached?.totalResponses).toBe(4);
    expect(cached?.options.map((o) => o.result)).toEqual([
      { votes: 3, percent: 75 },
      { votes: 1, percent: 25 },
    ]);
    const list = queryClient.getQueryData<{ items: Challenge[] }>(queryKeys.challenges('poll'));
    expect(list?.items[0]?.options[0]?.result).toEqual({ votes: 3, percent: 75 });
    expect(queryClient.getQueryState(queryKeys.challenge(id))?.isInvalidated).toBe(false);
  });

  it('never reveals hidden results, and ignores a tally older than the view', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.challenge(id), poll(false));
    writeTally(queryClient, tally(4, [3, 1]));
    expect(queryClient.getQueryData<Challenge>(queryKeys.challenge(id))).toEqual(poll(false));
    expect(showsResults(poll(false))).toBe(false);
    expect(showsResults(poll(true))).toBe(true);

    queryClient.setQueryData(queryKeys.challenge(id), { ...poll(true), totalResponses: 10 });
    writeTally(queryClient, tally(4, [3, 1]));
    expect(queryClient.getQueryData<Challenge>(queryKeys.challenge(id))?.totalResponses).toBe(10);
  });

  it('reads only well-formed tallies', () => {
    expect(readTally({ challengeId: id })).toBeNull();
    expect(
      readTally({ challengeId: id, totalResponses: 1, options: [{ index: 0 }], questions: [] }),
    ).toBeNull();
  });
});
