import { describe, expect, it } from 'vitest';
import { DEFAULT_TAB, nextTab, PROFILE_PAGES } from './tabs.ts';

describe('bottom bar tab state (product §2)', () => {
  it('follows a tab’s own route', () => {
    expect(nextTab('dashboard', '/challenges/poll')).toBe('challenges');
    expect(nextTab('challenges', '/sweepstakes/abc')).toBe('sweepstakes');
  });

  it('highlights PROFILE, not HOME, on the profile’s pages, even opened directly', () => {
    for (const page of PROFILE_PAGES) expect(nextTab(DEFAULT_TAB, `/${page}`)).toBe('profile');
    expect(nextTab('challenges', '/history')).toBe('profile');
  });

  it('keeps the tab the fan came from on other pages, and the tab when tabs are off', () => {
    expect(nextTab('challenges', '/leaderboard')).toBe('challenges');
    expect(nextTab('media', '/history', false)).toBe('media');
  });
});
