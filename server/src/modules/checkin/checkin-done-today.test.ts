import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/engine.ts';
import { dayCheckedIn, forgetCheckedIn, rememberCheckedIn } from './checkin-done-today.ts';

describe('the check-in hint', () => {
  it('keeps one day per fan and handle, forgets on request, and stays bounded', () => {
    const db = {} as Database;
    const other = {} as Database;
    rememberCheckedIn(db, 'org', 'fan-0', '2026-11-27');
    rememberCheckedIn(db, 'org', 'fan-0', '2026-11-28');
    expect(dayCheckedIn(db, 'org', 'fan-0')).toBe('2026-11-28');
    expect(dayCheckedIn(other, 'org', 'fan-0')).toBeUndefined();
    forgetCheckedIn(db, 'org', 'fan-0');
    expect(dayCheckedIn(db, 'org', 'fan-0')).toBeUndefined();
    // Full at 50,000 fans (the shared map's bound), the next one starts it afresh.
    for (let i = 0; i <= 50_000; i++) rememberCheckedIn(db, 'org', `fan-${i}`, '2026-11-28');
    expect(dayCheckedIn(db, 'org', 'fan-1')).toBeUndefined();
    expect(dayCheckedIn(db, 'org', 'fan-50000')).toBe('2026-11-28');
  });
});
