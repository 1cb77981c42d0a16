import { describe, expect, it } from 'vitest';
import { canAfford, clampCount, maxAddable, totalCost } from './entry-stepper.ts';

const base = { costPerEntry: 50, maxEntriesPerFan: null, userEntries: 0, points: 120 };

describe('sweepstake entry stepper', () => {
  it('allows up to 100 entries per call when there is no per-fan cap', () => {
    expect(maxAddable(base)).toBe(100);
    expect(clampCount(250, base)).toBe(100);
    expect(clampCount(0, base)).toBe(1);
  });
  it('stops at what is left of the per-fan cap', () => {
    const capped = { ...base, maxEntriesPerFan: 10, userEntries: 7 };
    expect(maxAddable(capped)).toBe(3);
    expect(clampCount(5, capped)).toBe(3);
    expect(clampCount(5, { ...capped, userEntries: 10 })).toBe(0);
  });
  it('costs points per entry times the count', () => {
    expect(totalCost(3, 50)).toBe(150);
  });
  it('tells whether the balance covers the entries', () => {
    expect(canAfford(2, base)).toBe(true);
    expect(canAfford(3, base)).toBe(false);
    expect(canAfford(3, { ...base, points: null })).toBe(true);
  });
});
