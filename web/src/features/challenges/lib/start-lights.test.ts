import { describe, expect, it } from 'vitest';
import { judgeTap, litLights, lightsOutAt, pointsForReaction } from './start-lights.ts';

describe('five red lights: sequence', () => {
  it('lights one more light each second until all five are on', () => {
    const out = 6800;
    expect(litLights(0, out)).toBe(0);
    expect(litLights(999, out)).toBe(0);
    expect(litLights(1000, out)).toBe(1);
    expect(litLights(2500, out)).toBe(2);
    expect(litLights(4999, out)).toBe(4);
    expect(litLights(5000, out)).toBe(5);
    expect(litLights(6799, out)).toBe(5);
  });
  it('puts every light out at the moment the server chose', () => {
    expect(litLights(6800, 6800)).toBe(0);
    expect(litLights(9000, 6800)).toBe(0);
  });
  it('never puts the lights out before all five have come on', () => {
    expect(lightsOutAt(1200)).toBe(5000);
    expect(litLights(4500, 1200)).toBe(4);
  });
});

describe('five red lights: judging a tap', () => {
  it('calls a tap while the lights are still on a jump start', () => {
    expect(judgeTap(4000, null)).toEqual({ kind: 'jump_start' });
  });
  it('calls a tap before the lights-out frame a jump start', () => {
    expect(judgeTap(6799, 6800)).toEqual({ kind: 'jump_start' });
  });
  it('calls a reaction faster than a human can react an anticipated (jump) start', () => {
    expect(judgeTap(6899, 6800)).toEqual({ kind: 'jump_start' });
  });
  it('measures the reaction in whole milliseconds from the frame the lights went out', () => {
    expect(judgeTap(7034.6, 6800)).toEqual({ kind: 'reaction', reactionMs: 235 });
    expect(judgeTap(6900, 6800)).toEqual({ kind: 'reaction', reactionMs: 100 });
  });
  it('gives up after five seconds without a tap', () => {
    expect(judgeTap(11_801, 6800)).toEqual({ kind: 'too_slow' });
  });
});

describe('five red lights: points by bracket', () => {
  const brackets = [
    { maxMs: 400, points: 20 },
    { maxMs: 200, points: 100 },
    { maxMs: 300, points: 50 },
  ];
  it('pays the tightest bracket the reaction fits in', () => {
    expect(pointsForReaction(180, brackets)).toBe(100);
    expect(pointsForReaction(200, brackets)).toBe(100);
    expect(pointsForReaction(201, brackets)).toBe(50);
    expect(pointsForReaction(399, brackets)).toBe(20);
  });
  it('pays nothing outside every bracket or without brackets', () => {
    expect(pointsForReaction(401, brackets)).toBe(0);
    expect(pointsForReaction(150, null)).toBe(0);
  });
});
