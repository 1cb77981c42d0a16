import { describe, expect, it } from 'vitest';
import { progressToNext, rankLadder } from './rank-ladder.ts';

const ranks = [
  { code: 'P10', name: 'Rookie', minPoints: 0, benefits: 'Welcome pack' },
  { code: 'P9', name: 'Karting', minPoints: 100, benefits: null },
  { code: 'P8', name: 'Formula 4', minPoints: 300, benefits: '10% off the shop' },
];

describe('rank benefits ladder', () => {
  it('lists the top rank first and marks where the fan stands', () => {
    const ladder = rankLadder(ranks, 150);
    expect(ladder.map((r) => [r.code, r.state, r.pointsNeeded])).toEqual([
      ['P8', 'locked', 150],
      ['P9', 'current', 0],
      ['P10', 'reached', 0],
    ]);
  });
  it('puts a fan exactly on a threshold on that rank', () => {
    expect(rankLadder(ranks, 300)[0]?.state).toBe('current');
  });
  it('locks every rank for a visitor without points', () => {
    expect(rankLadder(ranks, null).every((r) => r.state === 'locked')).toBe(true);
  });
  it('measures progress from the current rank to the next', () => {
    expect(progressToNext(rankLadder(ranks, 200), 200)).toBe(0.5);
    expect(progressToNext(rankLadder(ranks, 900), 900)).toBe(1);
  });
});
