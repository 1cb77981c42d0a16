import { calendarDate } from '@paddock/contracts';
import { describe, expect, it } from 'vitest';
import { todayIn } from './calendar.ts';

describe('todayIn: the organization’s date, remembered per minute (decision 006)', () => {
  it('answers what calendarDate answers on both sides of midnight, in zones with odd offsets', () => {
    // Local midnight of 2026-11-27 in each zone, as UTC instants (+5:45, +8:45, −3:30, 0, +13).
    const midnights: Record<string, string> = {
      'Asia/Kathmandu': '2026-11-26T18:15:00Z',
      'Australia/Eucla': '2026-11-26T15:15:00Z',
      'America/St_Johns': '2026-11-27T03:30:00Z',
      'Europe/London': '2026-11-27T00:00:00Z',
      'Pacific/Auckland': '2026-11-26T11:00:00Z',
    };
    for (const [zone, midnight] of Object.entries(midnights)) {
      const at = new Date(midnight).getTime();
      // The same minute asked twice, then the last millisecond before midnight, then midnight.
      for (const ms of [at - 60_000, at - 30_000, at - 1, at, at + 1, at + 59_999, at - 1]) {
        const now = new Date(ms);
        expect(todayIn(zone, now), `${zone} ${now.toISOString()}`).toBe(calendarDate(now, zone));
      }
      expect(todayIn(zone, new Date(at - 1))).toBe('2026-11-26');
      expect(todayIn(zone, new Date(at))).toBe('2026-11-27');
    }
  });

  it('keeps zones apart and follows a clock that goes back (tests move it)', () => {
    const now = new Date('2026-11-26T23:30:00Z');
    expect(todayIn('Europe/London', now)).toBe('2026-11-26');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-27');
    expect(todayIn('Europe/London', new Date('2026-01-01T12:00:00Z'))).toBe('2026-01-01');
    expect(todayIn('Europe/London', now)).toBe('2026-11-26');
  });

  it('refuses an unknown time zone as calendarDate does', () => {
    expect(() => todayIn('Not/AZone', new Date())).toThrow(RangeError);
  });
});
