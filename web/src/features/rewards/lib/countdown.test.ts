import { describe, expect, it } from 'vitest';
import { clockText, countdownParts, isoDuration, multiplierText } from './countdown.ts';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

describe('boost countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const parts = countdownParts('2026-11-24T17:03:09.900Z', NOW);
    expect(parts).toEqual({ days: 2, hours: 5, minutes: 3, seconds: 9, done: false });
    expect(clockText(parts)).toBe('05:03:09');
    expect(isoDuration(parts)).toBe('P2DT5H3M9S');
  });

  it('counts down second by second under a minute', () => {
    expect(clockText(countdownParts('2026-11-22T12:00:59.000Z', NOW))).toBe('00:00:59');
    expect(clockText(countdownParts('2026-11-22T12:00:59.000Z', NOW + 58_000))).toBe('00:00:01');
  });

  it('stops at zero and says it is done once the end has passed', () => {
    expect(countdownParts('2026-11-22T11:59:00.000Z', NOW)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: true,
    });
    expect(countdownParts('not a date', NOW).done).toBe(true);
  });

  it('writes the multiplier as a fan reads it, per locale', () => {
    expect(multiplierText(2, 'en')).toBe('×2');
    expect(multiplierText(1.5, 'en')).toBe('×1.5');
    expect(multiplierText(1.5, 'es')).toBe('×1,5');
  });
});
