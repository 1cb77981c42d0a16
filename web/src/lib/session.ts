import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import { loadSupabase, mayHaveSession, storedSession } from './supabase.ts';

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
}

let state: SessionState = { status: 'loading', session: null, lastEvent: null, passwordRecovery: false };
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
  const initial = loadSupabase().then(subscribe);
  const stored = storedSession();
  if (!stored && mayHaveSession()) return initial;
  set({ ...state, status: stored ? 'signedIn' : 'signedOut', session: stored });
  initial.catch((error) => console.warn('[paddock] auth client unavailable', error));
}

async function subscribe(client: Awaited<ReturnType<typeof loadSupabase>>): Promise<void> {
  return new Promise((resolve) => {
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
