import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/engine.ts';
import { dayCheckedIn, forgetCheckedIn, rememberCheckedIn } from './checkin-done-today.ts';

describe('the check-in hint', () => {
  it('keeps one day per fan and handle, forgets on request, and stays bounded (the earliest seen go first)', () => {
    const db = {} as Database;
    const other = {} as Database;
    rememberCheckedIn(db, 'org', 'fan-0', '2026-11-27');
    rememberCheckedIn(db, 'org', 'fan-0', '2026-11-28');
    expect(dayCheckedIn(db, 'org', 'fan-0')).toBe('2026-11-28');
    expect(dayCheckedIn(other, 'org', 'fan-0')).toBeUndefined();
    forgetCheckedIn(db, 'org', 'fan-0');
    expect(dayCheckedIn(db, 'org', 'fan-0')).toBeUndefined();
    for (let i = 0; i <= 50_000; i++) rememberCheckedIn(db, 'org', `fan-${i}`, '2026-11-28');
    expect(dayCheckedIn(db, 'org', 'fan-0')).toBeUndefined();
    expect(dayCheckedIn(db, 'org', 'fan-1')).toBe('2026-11-28');
    expect(dayCheckedIn(db, 'org', 'fan-50000')).toBe('2026-11-28');
  });
});
