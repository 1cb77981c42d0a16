import { describe, expect, it } from 'vitest';
import { type AccessInput, decideAccess, isRememberable, isSafeInAppPath } from './access-rules.ts';
import { nextTab } from '../config/tabs.ts';

const adult = { isNewUser: false, underage: false, birthday: '1990-04-02' };
const newAdult = { isNewUser: true, underage: false, birthday: '1990-04-02' };
const newNoBirthday = { isNewUser: true, underage: true, birthday: null };
const minor = { isNewUser: false, underage: true, birthday: '2014-06-01' };
const newMinor = { isNewUser: true, underage: true, birthday: '2014-06-01' };

function input(over: Partial<AccessInput>): AccessInput {
  return {
    pathname: '/dashboard',
    route: { audience: 'user' },
    signedIn: true,
    user: adult,
    loggedOffDashboard: false,
    rememberedPath: null,
    ...over,
  };
}

describe('product §2 row: a non-user on a page not flagged public goes to /', () => {
  it('remembers the wanted path (with its query) when sent to /', () => {
    expect(decideAccess(input({ signedIn: false, user: null, pathname: '/sweepstakes/42?x=1' }))).toEqual({
      kind: 'redirect',
      to: '/',
      remember: '/sweepstakes/42?x=1',
    });
  });
  it.each(['/welcome', '/dashboard'])('does not remember %s', (pathname) => {
    expect(decideAccess(input({ signedIn: false, user: null, pathname }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
  it('lets a signed-out visitor stay on the index', () => {
    expect(
      decideAccess(input({ signedIn: false, user: null, pathname: '/', route: { audience: 'guest' } })),
    ).toEqual({
      kind: 'allow',
    });
  });
  it('lets a signed-out visitor open an activation (signed-out users allowed)', () => {
    const route = { audience: 'any' as const, incompleteProfileAllowed: true };
    expect(decideAccess(input({ signedIn: false, user: null, pathname: '/activations/spa', route }))).toEqual(
      {
        kind: 'allow',
      },
    );
  });
  it('only remembers real in-app paths', () => {
    expect(isRememberable('/history')).toBe(true);
    expect(isRememberable('/dashboard?tab=1')).toBe(false);
    expect(isRememberable('/')).toBe(false);
    expect(isSafeInAppPath('//evil.example/x')).toBe(false);
    expect(isSafeInAppPath('https://evil.example')).toBe(false);
  });
});

describe('product §2 row: a signed-in user on a public page goes to /dashboard, or / in logged-off-dashboard mode', () => {
  const guest = { audience: 'guest' as const, incompleteProfileAllowed: true };
  it('sends a signed-in fan on / to /dashboard', () => {
    expect(decideAccess(input({ pathname: '/', route: guest }))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });
  it('keeps the fan on / when the logged-off dashboard mode is on', () => {
    expect(decideAccess(input({ pathname: '/', route: guest, loggedOffDashboard: true }))).toEqual({
      kind: 'allow',
    });
  });
  it('in that mode / is the dashboard, so a new user is still sent to /welcome from it', () => {
    const at = { pathname: '/', route: guest, loggedOffDashboard: true };
    expect(decideAccess(input({ ...at, user: newAdult }))).toEqual({ kind: 'redirect', to: '/welcome' });
    expect(decideAccess(input({ ...at, user: null }))).toEqual({ kind: 'wait' });
    expect(decideAccess(input({ ...at, user: newMinor }))).toEqual({ kind: 'allow' });
  });
  it('restores the remembered path after login, and forgets it once the fan is there', () => {
    expect(decideAccess(input({ pathname: '/', route: guest, rememberedPath: '/history' }))).toEqual({
      kind: 'redirect',
      to: '/history',
    });
    // Still loading the fan: nothing is decided, nothing forgotten yet.
    expect(decideAccess(input({ pathname: '/history', user: null, rememberedPath: '/history' }))).toEqual({
      kind: 'wait',
    });
    expect(decideAccess(input({ pathname: '/history', rememberedPath: '/history' }))).toEqual({
      kind: 'allow',
      forgetRemembered: true,
    });
  });
  it('never restores /welcome or /dashboard, nor a foreign URL', () => {
    for (const rememberedPath of ['/welcome', '/dashboard', '//evil.example']) {
      expect(decideAccess(input({ pathname: '/', route: guest, rememberedPath }))).toEqual({
        kind: 'redirect',
        to: '/dashboard',
        forgetRemembered: true,
      });
    }
  });
  it('lets a signed-in fan stay on an activation', () => {
    const route = { audience: 'any' as const, incompleteProfileAllowed: true };
    expect(decideAccess(input({ pathname: '/activations/spa', route, user: newAdult }))).toEqual({
      kind: 'allow',
    });
  });
});

describe('product §2 row: a new user is sent to /welcome from /dashboard or /profile, unless underage', () => {
  it.each(['/dashboard', '/profile'])('from %s', (pathname) => {
    expect(decideAccess(input({ pathname, user: newAdult }))).toEqual({ kind: 'redirect', to: '/welcome' });
  });
  it('also from any page that does not allow an incomplete profile (product §6)', () => {
    expect(decideAccess(input({ pathname: '/history', user: newAdult }))).toEqual({
      kind: 'redirect',
      to: '/welcome',
    });
  });
  it('a fan who has not given a birthday yet still reaches /welcome', () => {
    expect(decideAccess(input({ pathname: '/dashboard', user: newNoBirthday }))).toEqual({
      kind: 'redirect',
      to: '/welcome',
    });
    expect(decideAccess(input({ pathname: '/welcome', user: newNoBirthday }))).toEqual({ kind: 'allow' });
  });
  it('not when the fan is known to be underage', () => {
    expect(decideAccess(input({ pathname: '/dashboard', user: newMinor }))).toEqual({ kind: 'allow' });
    expect(decideAccess(input({ pathname: '/profile', user: newMinor }))).toEqual({ kind: 'allow' });
  });
  it('a complete profile stays where it is', () => {
    expect(decideAccess(input({ pathname: '/dashboard', user: adult }))).toEqual({ kind: 'allow' });
    expect(decideAccess(input({ pathname: '/welcome', user: newAdult }))).toEqual({ kind: 'allow' });
  });
});

describe('product §2 row: underage users are sent to /dashboard from /welcome, /profile/edit, /games/poll, /contests, /benefits', () => {
  it.each(['/welcome', '/profile/edit', '/games/poll', '/contests', '/benefits'])('from %s', (pathname) => {
    expect(decideAccess(input({ pathname, user: minor }))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideAccess(input({ pathname, user: newMinor }))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
  it('but not from other pages', () => {
    for (const pathname of ['/dashboard', '/profile', '/cars', '/sweepstakes', '/games']) {
      expect(decideAccess(input({ pathname, user: minor }))).toEqual({ kind: 'allow' });
    }
  });
  it('adults may open them', () => {
    for (const pathname of ['/profile/edit', '/games/poll', '/contests', '/benefits']) {
      expect(decideAccess(input({ pathname, user: adult }))).toEqual({ kind: 'allow' });
    }
  });
});

describe('while the signed-in fan is loading', () => {
  it('waits instead of guessing', () => {
    expect(decideAccess(input({ user: null }))).toEqual({ kind: 'wait' });
  });
});

describe('product §2 tab state', () => {
  it('follows a known first segment and keeps the current tab otherwise', () => {
    expect(nextTab('dashboard', '/challenges/poll/1')).toBe('challenges');
    // The pages the profile lists belong to the profile tab (config/tabs.ts).
    expect(nextTab('media', '/history')).toBe('profile');
    expect(nextTab('media', '/activations/monza')).toBe('media');
    expect(nextTab('media', '/articles/1')).toBe('media');
    expect(nextTab('dashboard', '/profile/edit')).toBe('profile');
    expect(nextTab('media', '/sweepstakes', false)).toBe('media');
  });
});
