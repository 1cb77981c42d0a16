import { describe, expect, it } from 'vitest';
import { type CpuSplit, roundOrder, serverMicrosPerFrame, spread } from './realtime-cpu.ts';

describe('the rounds of npm run bench:realtime', () => {
  it('summarise a figure by its median and range, whatever the order of the rounds', () => {
    expect(spread([17.7, 3.9, 9.9])).toEqual({ median: 9.9, min: 3.9, max: 17.7 });
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
    expect(spread([])).toEqual({ median: null, min: null, max: null });
  });

  it('start with the listeners (their sockets are open for the broadcasts), then alternate', () => {
    expect([0, 1, 2, 3].map(roundOrder)).toEqual([
      ['with', 'without'],
      ['without', 'with'],
      ['with', 'without'],
      ['without', 'with'],
    ]);
  });

  it('charge the listeners only the server CPU beyond what the same answers cost alone', () => {
    const split = (served: number, user: number, system: number) =>
      ({ served, serverUserSeconds: user, serverSystemSeconds: system }) as CpuSplit;
    // 5,000 answers alone: 6 s; with listeners 5,000 answers and 100,000 frames: 7.5 s.
    const perFrame = serverMicrosPerFrame(split(5_000, 4, 2), split(5_000, 4.5, 3), 100_000);
    expect(perFrame?.total).toBeCloseTo(15);
    expect(perFrame?.kernel).toBeCloseTo(10);
    expect(serverMicrosPerFrame(split(5_000, 4, 2), split(5_000, 4, 2), 0)).toBeNull();
  });
});
