import type { QueryClient } from '@tanstack/react-query';
import { analytics } from './analytics.ts';
import { api } from './api-client.ts';
import { supabase } from './supabase.ts';

/**
 * Product §4 logout: DELETE /api/session revokes the session on the server, supabase-js drops
 * the local tokens, and every cached piece of the fan's data and the analytics identity go.
 */
export async function signOut(queryClient: QueryClient) {
  try {
    await api.delete('/session');
  } catch (error) {
    console.warn('[paddock] DELETE /session failed; signing out locally', error);
  }
  await supabase().auth.signOut({ scope: 'local' });
  queryClient.clear();
  analytics.reset();
}
