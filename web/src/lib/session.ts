import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import {
  loadSupabase,
  mayHaveSession,
  signInLinkInAddress,
  storedSession,
  whenSupabaseLoaded,
} from './supabase.ts';

/**
 * The supabase-js session is the single source of signed-in state (product §4). Every auth event
 * (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY,
 * MFA_CHALLENGE_VERIFIED) lands here; React reads it with `useSession()`.
 */
export interface SessionState {
  status: 'loading' | 'signedIn' | 'signedOut';
  session: Session | null;
  lastEvent: AuthChangeEvent | null;
  /** Set by a password-recovery link: the landing page shows "choose a new password". */
  passwordRecovery: boolean;
  /** A mailed link into the app that could not be used (expired, used already): its error code. */
  linkError?: string;
}

let state: SessionState = { status: 'loading', session: null, lastEvent: null, passwordRecovery: false };

/** The link types a mail may carry straight into the app (`/?token_hash=…&type=…`). */
const APP_LINK_TYPES = ['recovery', 'invite', 'signup', 'email', 'magiclink', 'email_change'] as const;
type AppLinkType = (typeof APP_LINK_TYPES)[number];
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: AuthChangeEvent, session: Session | null) => void>();

function set(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

export function getSessionState(): SessionState {
  return state;
}

/**
 * Subscribes to supabase-js once at boot and resolves after the initial session is known. A
 * visitor without any session (mayHaveSession) is signed out at once, and a fan whose cookie holds
 * a fresh session (storedSession) is signed in with it: the first screen renders without waiting
 * for the auth chunk, which subscribes when it arrives and takes over (decision 021).
 */
export async function initSession(): Promise<void> {
  const stored = storedSession();
  // A mailed link into the app (decision 035) is verified before the first screen: it decides which.
  if (hasAppLink() || (!stored && mayHaveSession())) return loadSupabase().then(subscribe);
  set({ ...state, status: stored ? 'signedIn' : 'signedOut', session: stored });
  // Known without the auth client: it loads after the first screen (main.tsx) or as soon as
  // something needs it (a form sent, a token near expiry), and takes over then.
  whenSupabaseLoaded()
    .then(subscribe)
    .catch((error) => console.warn('[paddock] auth client unavailable', error));
}

/** Whether boot cannot render before the auth client: a sign-in link or a mailed link in the address. */
export function authClientNeededAtOnce(): boolean {
  return hasAppLink() || signInLinkInAddress();
}

async function subscribe(client: Awaited<ReturnType<typeof loadSupabase>>): Promise<void> {
  await new Promise<void>((resolve) => {
    client.auth.onAuthStateChange((event, session) => {
      const next: SessionState = {
        status: session ? 'signedIn' : 'signedOut',
        session,
        lastEvent: event,
        passwordRecovery:
          event === 'PASSWORD_RECOVERY' ? true : event === 'SIGNED_OUT' ? false : state.passwordRecovery,
      };
      // The client confirming what boot already rendered (initSession) changes nothing on screen:
      // no re-render of the first screen, which would be a long task on a slow phone (decision 021).
      const unchanged =
        event === 'INITIAL_SESSION' &&
        next.status === state.status &&
        next.session?.access_token === state.session?.access_token;
      if (unchanged) state = next;
      else set(next);
      // Listeners run outside supabase's lock: calling auth methods inside the callback deadlocks.
      setTimeout(() => {
        for (const l of eventListeners) l(event, session);
      }, 0);
      if (event === 'INITIAL_SESSION') resolve();
    });
  });
  await verifyLinkInUrl(client);
}

/**
 * A mailed link that leads into the app itself carries `token_hash` and `type` (an operator's
 * invitation, decision 035): with PKCE on, supabase-js does not read a session from a URL
 * fragment, so the app verifies the token itself, as Supabase's own guides do. A recovery token
 * raises PASSWORD_RECOVERY, so the landing page asks for a password. The token leaves the
 * address bar first, so a reload or a shared screenshot does not carry it.
 */
function hasAppLink(): boolean {
  const params = new URLSearchParams(window.location.search);
  return params.has('token_hash') && APP_LINK_TYPES.includes(params.get('type') as AppLinkType);
}

async function verifyLinkInUrl(client: Awaited<ReturnType<typeof loadSupabase>>) {
  const url = new URL(window.location.href);
  const tokenHash = url.searchParams.get('token_hash');
  const type = url.searchParams.get('type') as AppLinkType | null;
  if (!tokenHash || !type || !APP_LINK_TYPES.includes(type)) return;
  url.searchParams.delete('token_hash');
  url.searchParams.delete('type');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const { error } = await client.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) set({ ...state, linkError: error.code ?? 'otp_expired' });
}

export function clearPasswordRecovery() {
  set({ ...state, passwordRecovery: false });
}

export function onAuthEvent(listener: (event: AuthChangeEvent, session: Session | null) => void) {
  eventListeners.add(listener);
  return () => {
    eventListeners.delete(listener);
  };
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
