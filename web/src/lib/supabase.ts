import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { runtimeConfig } from './runtime-config.ts';

let client: SupabaseClient | null = null;

/**
 * The official supabase-js client against our own /auth/v1 (DESIGN decision 2): session
 * events, refresh 90 s before expiry, PKCE and retries all come from it.
 */
export function supabase(): SupabaseClient {
  if (!client) {
    const config = runtimeConfig();
    const base = new URL(config.authUrl, window.location.origin).toString();
    client = createClient(base, config.organizationKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    });
  }
  return client;
}

/** The current access token, or null when signed out. */
export async function accessToken(): Promise<string | null> {
  const { data } = await supabase().auth.getSession();
  return data.session?.access_token ?? null;
}
