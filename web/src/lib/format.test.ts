import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format.ts';

describe('formatting with reused formatters', () => {
  it('keeps each locale and each set of options apart', () => {
    expect(formatNumber(1250, 'en')).toBe('1,250');
    expect(formatNumber(1250.5, 'de')).toBe('1.250,5');
    // Asked again in English after German: not German's separators.
    expect(formatNumber(1250.5, 'en')).toBe('1,250.5');
    expect(formatNumber(1.2345, 'en', { maximumFractionDigits: 2 })).toBe('1.23');
    expect(formatNumber(1.2345, 'en')).toBe('1.235');
  });

  it('formats dates per options and leaves an invalid date empty', () => {
    const iso = '2026-12-03T19:50:00Z';
    expect(formatDate(iso, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Dec 3, 2026');
    expect(formatDate(iso, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('December 3, 2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
