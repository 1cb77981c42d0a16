import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../query-keys.ts';
import { HINT_SPREAD_MS, hintRefetch, keysFor, type LiveHolder } from './live-connection.ts';

describe('what a live event refreshes (docs/realtime-compat.md §12)', () => {
  it('a settlement refetches the challenge and the lists at once; poll results are not refetched at once', () => {
    expect(keysFor('challenge_settled', { challengeId: 'c1', outcomeIndex: 0 })).toEqual([
      queryKeys.challenges(),
      queryKeys.challenge('c1'),
    ]);
    // The `live` hint goes through hintRefetch: spread, narrowed (decision 024).
    expect(keysFor('poll_results', { challengeId: 'c1' })).toEqual([]);
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

describe('the poll_results hint on live (decision 024, amended 2026-11-26)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A screen whose cache shows the results of the challenges in `showing`, recording its refetches. */
  function screen(showing: string[]) {
    const calls: { key: readonly string[]; refetch: boolean }[] = [];
    const holder: LiveHolder = {
      invalidate: (key, refetch = true) => calls.push({ key, refetch }),
      showsResults: (id) => showing.includes(id),
    };
    return { holder, calls };
  }

  it('waits a random share of the spread, then refetches the challenge once however many hints came', () => {
    const fan = screen(['c1']);
    const hints = hintRefetch({
      holders: () => [fan.holder],
      onResultsTopic: () => false,
      random: () => 0.5,
    });
    hints.hint('c1');
    vi.advanceTimersByTime(1_000);
    hints.hint('c1');
    hints.hint('c1');
    vi.advanceTimersByTime(HINT_SPREAD_MS / 2 - 1_001);
    expect(fan.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fan.calls).toEqual([
      { key: queryKeys.challenges(), refetch: false },
      { key: queryKeys.challenge('c1'), refetch: true },
    ]);
    vi.advanceTimersByTime(HINT_SPREAD_MS * 2);
    expect(fan.calls).toHaveLength(2);
  });

  it('spreads fans over the whole interval', () => {
    const delays = [0, 0.25, 0.999].map((r) => {
      const fan = screen(['c1']);
      hintRefetch({ holders: () => [fan.holder], onResultsTopic: () => false, random: () => r }).hint('c1');
      let waited = 0;
      while (fan.calls.length === 0 && waited <= HINT_SPREAD_MS) {
        vi.advanceTimersByTime(10);
        waited += 10;
      }
      return waited;
    });
    expect(delays[0]).toBeLessThanOrEqual(10);
    expect(delays[1]).toBeGreaterThanOrEqual(HINT_SPREAD_MS * 0.25);
    expect(delays[2]).toBeGreaterThan(HINT_SPREAD_MS * 0.99);
    expect(delays[2]).toBeLessThanOrEqual(HINT_SPREAD_MS);
  });

  it('a fan whose view hides the results (not answered) reads nothing; the lists are only marked stale', () => {
    const fan = screen([]);
    const hints = hintRefetch({ holders: () => [fan.holder], onResultsTopic: () => false });
    hints.hint('c1');
    vi.advanceTimersByTime(HINT_SPREAD_MS);
    expect(fan.calls).toEqual([{ key: queryKeys.challenges(), refetch: false }]);
  });

  it('a fan on the results topic refetches nothing, even if the join completed during the wait', () => {
    const fan = screen(['c1', 'c2']);
    const joined = new Set(['c1']);
    const hints = hintRefetch({
      holders: () => [fan.holder],
      onResultsTopic: (id) => joined.has(id),
      random: () => 0.5,
    });
    hints.hint('c1');
    hints.hint('c2');
    joined.add('c2');
    vi.advanceTimersByTime(HINT_SPREAD_MS);
    expect(fan.calls).toEqual([]);
  });

  it('cancel drops the pending refetches (the last live screen closed)', () => {
    const fan = screen(['c1']);
    const hints = hintRefetch({ holders: () => [fan.holder], onResultsTopic: () => false });
    hints.hint('c1');
    hints.cancel();
    vi.advanceTimersByTime(HINT_SPREAD_MS);
    expect(fan.calls).toEqual([]);
  });
});
