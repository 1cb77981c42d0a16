import type { QueryClient } from '@tanstack/react-query';
import { analytics } from './analytics.ts';
import { supabase } from './supabase.ts';

/**
 * Product §4.1 logout, one path: supabase-js asks the auth server to end this session
 * (`POST /auth/v1/logout?scope=local`, which revokes its refresh tokens) and drops the local
 * tokens; then every cached piece of the fan's data and the analytics identity go. (A second
 * call such as DELETE /api/session first would leave the logout nothing to end: a 403 in the log.)
 */
export async function signOut(queryClient: QueryClient) {
  const { error } = await supabase().auth.signOut({ scope: 'local' });
  if (error) {
    // Offline or the server failed: the fan still leaves this device signed out.
    console.warn('[paddock] sign-out did not reach the server; signing out locally', error);
    for (const key of Object.keys(localStorage)) {
      if (/^sb-.*-auth-token$/.test(key)) localStorage.removeItem(key);
    }
  }
  queryClient.clear();
  analytics.reset();
}
