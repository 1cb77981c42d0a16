/**
 * Product §2 "Access rules" as pure functions: the router's guard feeds them the route's flags,
 * the session and the fan, and does what they decide. Nothing here touches the DOM or storage,
 * so every row of the table is unit-tested (access-rules.test.ts).
 */

/**
 * Who may open a route:
 * - `guest`: meant for signed-out visitors (the index `/`); signed-in fans are sent on.
 * - `any`: open to everyone, signed in or not (activations; their own rule is the screen's).
 * - `user`: needs a session (every other route).
 */
export type RouteAudience = 'guest' | 'any' | 'user';

export interface RouteAccess {
  audience: RouteAudience;
  /** Product §6: only the index and activations may be used with an incomplete profile. */
  incompleteProfileAllowed?: boolean;
}

export const DEFAULT_ACCESS: RouteAccess = { audience: 'user' };

/** The parts of GET /api/user/me the rules read. */
export interface AccessUser {
  isNewUser: boolean;
  underage: boolean;
  birthday: string | null;
}

export interface AccessInput {
  pathname: string;
  route: RouteAccess;
  signedIn: boolean;
  /** The fan, once loaded; null while loading (signed in) or when signed out. */
  user: AccessUser | null;
  /** Runtime config `features.loggedOffDashboard`. */
  loggedOffDashboard: boolean;
  /** The path remembered when a signed-out visitor was sent to `/`, if any. */
  rememberedPath: string | null;
}

export type AccessDecision =
  /** `forgetRemembered`: the fan reached a page signed in, so a remembered path is obsolete. */
  | { kind: 'allow'; forgetRemembered?: boolean }
  /** Signed in, but the fan is not loaded yet: show a skeleton, decide again when it arrives. */
  | { kind: 'wait' }
  | {
      kind: 'redirect';
      to: string;
      /** Persist this path so it can be restored after login. */
      remember?: string;
      /** The remembered path is obsolete: forget it. */
      forgetRemembered?: boolean;
    };

/** Product §2: these are never remembered nor restored after login. */
export const NOT_REMEMBERED = ['/welcome', '/dashboard'] as const;

/** Product §2: underage fans are sent to /dashboard from these. */
export const UNDERAGE_BLOCKED = [
  '/welcome',
  '/profile/edit',
  '/games/poll',
  '/contests',
  '/benefits',
] as const;

/** Product §2: a new user is sent to /welcome from these (and, by §6, from any page that needs a complete profile). */
export const NEW_USER_SENT_FROM = ['/dashboard', '/profile'] as const;

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function matches(pathname: string, list: readonly string[]): boolean {
  const path = normalise(pathname);
  return list.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Whether a wanted path may be remembered for after login (product §2). */
export function isRememberable(path: string): boolean {
  const pathname = normalise(path.split(/[?#]/)[0] ?? '/');
  if (pathname === '/') return false;
  return !NOT_REMEMBERED.some((p) => pathname === p);
}

/** A remembered value is only ever an in-app absolute path (never `//evil.example`). */
export function isSafeInAppPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/**
 * Underage as the routes see it. A fan who has not given a birthday yet is treated as underage
 * by the server (contracts `isUnderage`), but must still be able to reach /welcome to give one,
 * so the onboarding rules only count a *known* underage fan.
 */
export function isKnownUnderage(user: AccessUser): boolean {
  return user.underage && user.birthday !== null;
}

/** Where a signed-in fan lands from a guest page: the remembered path, else /dashboard (or / in logged-off-dashboard mode). */
export function homeFor(loggedOffDashboard: boolean): string {
  return loggedOffDashboard ? '/' : '/dashboard';
}

/**
 * The guard: the rows of product §2 in order.
 * 1. Activations (`any`) are open to everyone; their window/badge rule belongs to the screen.
 * 2. A non-user on a non-public page goes to `/`, remembering the wanted path (not /welcome, /dashboard).
 * 3. A signed-in user on a public page goes to the remembered path, else /dashboard, or `/` in
 *    logged-off-dashboard mode (where `/` itself then shows the fan's dashboard).
 * 4. Underage fans go to /dashboard from /welcome, /profile/edit, /games/poll, /contests, /benefits.
 * 5. A new user (incomplete profile) goes to /welcome from /dashboard, /profile and every page
 *    that does not allow an incomplete profile, unless underage.
 */
export function decideAccess(input: AccessInput): AccessDecision {
  const pathname = normalise(input.pathname.split(/[?#]/)[0] ?? '/');
  const { route } = input;

  if (route.audience === 'any') return { kind: 'allow' };

  if (!input.signedIn) {
    if (route.audience === 'guest') return { kind: 'allow' };
    return isRememberable(input.pathname)
      ? { kind: 'redirect', to: '/', remember: input.pathname }
      : { kind: 'redirect', to: '/' };
  }

  if (route.audience === 'guest') {
    // The remembered path is kept until the fan arrives there (a signed-in page forgets it),
    // so a re-render while the target route is still loading sends them to the same place.
    const remembered = isSafeInAppPath(input.rememberedPath) ? input.rememberedPath : null;
    if (remembered && isRememberable(remembered)) return { kind: 'redirect', to: remembered };
    const home = homeFor(input.loggedOffDashboard);
    const forgetRemembered = input.rememberedPath !== null;
    if (home === pathname) {
      // Logged-off-dashboard mode: `/` is the fan's dashboard, so the new-user row applies here too.
      const user = input.user;
      if (!user) return { kind: 'wait' };
      if (user.isNewUser && !isKnownUnderage(user)) return { kind: 'redirect', to: '/welcome' };
      return forgetRemembered ? { kind: 'allow', forgetRemembered } : { kind: 'allow' };
    }
    return forgetRemembered
      ? { kind: 'redirect', to: home, forgetRemembered }
      : { kind: 'redirect', to: home };
  }

  const decision = decideSignedIn(pathname, route, input.user);
  if (input.rememberedPath !== null && decision.kind !== 'wait')
    return { ...decision, forgetRemembered: true };
  return decision;
}

function decideSignedIn(pathname: string, route: RouteAccess, user: AccessUser | null): AccessDecision {
  if (!user) return { kind: 'wait' };

  if (user.underage && matches(pathname, UNDERAGE_BLOCKED)) {
    // A fan with no birthday yet is "underage" until they give one; /welcome is where they do.
    const onboarding = pathname === '/welcome' && !isKnownUnderage(user);
    if (!onboarding) return { kind: 'redirect', to: '/dashboard' };
  }

  if (
    user.isNewUser &&
    !isKnownUnderage(user) &&
    pathname !== '/welcome' &&
    !route.incompleteProfileAllowed
  ) {
    return { kind: 'redirect', to: '/welcome' };
  }

  return { kind: 'allow' };
}
