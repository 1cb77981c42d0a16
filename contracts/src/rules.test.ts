import { describe, expect, it } from 'vitest';
import { ageOn, calendarDate, isUnderage } from './age.ts';
import { isChallengeCompleted, isTriviaCompleted, normaliseKeyword } from './challenge.ts';
import { isLevelUp, nextRank, rankFor } from './rank.ts';
import { isStoryShareable, isStoryVisible, rankGateOf } from './story.ts';

const ranks = [
  { code: 'P10' as const, name: 'Rookie', minPoints: 0 },
  { code: 'P9' as const, name: 'Karting', minPoints: 100 },
  { code: 'P1' as const, name: 'Champion', minPoints: 9000 },
];

describe('age (product §5, §9)', () => {
  it('turns 18 on the birthday, not the day after', () => {
    expect(ageOn('2008-06-01', '2026-05-31')).toBe(17);
    expect(ageOn('2008-06-01', '2026-06-01')).toBe(18);
    expect(isUnderage('2008-06-01', '2026-05-31')).toBe(true);
    expect(isUnderage('2008-06-01', '2026-06-01')).toBe(false);
  });
  it('treats a fan with no birthday as underage', () => {
    expect(isUnderage(null, '2026-06-01')).toBe(true);
  });
  it('computes the calendar date in the organization time zone', () => {
    const at = new Date('2026-06-01T23:30:00Z');
    expect(calendarDate(at, 'Europe/London')).toBe('2026-06-02');
    expect(calendarDate(at, 'America/New_York')).toBe('2026-06-01');
  });
});

describe('ranks follow lifetime points', () => {
  it('gives the highest rank reached and what is needed for the next', () => {
    expect(rankFor(0, ranks)?.code).toBe('P10');
    expect(rankFor(99, ranks)?.code).toBe('P10');
    expect(rankFor(100, ranks)?.code).toBe('P9');
    expect(nextRank(150, ranks)).toEqual({ rank: ranks[2], pointsNeeded: 8850 });
    expect(nextRank(9000, ranks)).toBeNull();
  });
  it('flags level-up only when a known rank name changes', () => {
    expect(isLevelUp('Rookie', 'Karting')).toBe(true);
    expect(isLevelUp('Rookie', 'Rookie')).toBe(false);
    expect(isLevelUp(undefined, 'Rookie')).toBe(false);
  });
});

describe('stories (product §5)', () => {
  it('reads the rank gate from a P10…P1 title prefix', () => {
    expect(rankGateOf('P3 Garage tour')).toBe('P3');
    expect(rankGateOf('P10 Welcome')).toBe('P10');
    expect(rankGateOf('P11 nothing')).toBeNull();
    expect(rankGateOf('Race recap')).toBeNull();
  });
  it('shows a gated story only to an adult fan of that rank', () => {
    expect(isStoryVisible('P3 Garage tour', { rankCode: 'P3', underage: false })).toBe(true);
    expect(isStoryVisible('P3 Garage tour', { rankCode: 'P3', underage: true })).toBe(false);
    expect(isStoryVisible('P3 Garage tour', { rankCode: 'P4', underage: false })).toBe(false);
    expect(isStoryVisible('Race recap', { rankCode: null, underage: true })).toBe(true);
  });
  it('never shares gated stories or Save to Home', () => {
    expect(isStoryShareable('P3 Garage tour')).toBe(false);
    expect(isStoryShareable('Save to Home')).toBe(false);
    expect(isStoryShareable('Race recap')).toBe(true);
  });
});

describe('challenge completion (product §4)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('is complete with a response or after expiry', () => {
    expect(isChallengeCompleted({ expiresOn: null, userResponse: null }, now)).toBe(false);
    expect(isChallengeCompleted({ expiresOn: null, userResponse: { status: 'completed' } }, now)).toBe(true);
    expect(isChallengeCompleted({ expiresOn: '2026-06-01T11:59:59Z', userResponse: null }, now)).toBe(true);
  });
  it('completes trivia only when every question has an answer', () => {
    expect(isTriviaCompleted([{ triviaUserResponse: 1 }, { triviaUserResponse: null }])).toBe(false);
    expect(isTriviaCompleted([{ triviaUserResponse: 1 }, { triviaUserResponse: 0 }])).toBe(true);
    expect(isTriviaCompleted([])).toBe(false);
  });
  it('compares keywords case- and space-insensitively', () => {
    expect(normaliseKeyword('  Box Box ')).toBe(normaliseKeyword('boxbox'));
  });
});
