import { AuthClient } from '@supabase/supabase-js';
import { runtimeConfig } from './runtime-config.ts';

/** The part of a supabase-js client the app uses: its auth client (there is no PostgREST, Realtime or Storage here). */
export interface PaddockSupabase {
  auth: InstanceType<typeof AuthClient>;
}

let client: PaddockSupabase | null = null;

/**
 * supabase-js's own auth client (the `AuthClient` it exports and wraps in `createClient`)
 * against our /auth/v1 (DESIGN decision 2): session events, refresh 90 s before expiry, PKCE
 * and retries all come from it. It is built the way `createClient` builds it — same headers,
 * same default storage key — but without `createClient`, whose Realtime, PostgREST, Storage and
 * Functions clients we never use and which would add ~25 kB gzip to every first load.
 */
export function supabase(): PaddockSupabase {
  if (!client) {
    const config = runtimeConfig();
    const base = new URL(config.authUrl, window.location.origin);
    const authUrl = new URL('auth/v1', base.href.endsWith('/') ? base.href : `${base.href}/`).href;
    client = {
      auth: new AuthClient({
        url: authUrl,
        headers: {
          Authorization: `Bearer ${config.organizationKey}`,
          apikey: config.organizationKey,
          'X-Client-Info': 'paddock-web',
        },
        storageKey: `sb-${base.hostname.split('.')[0]}-auth-token`,
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      }),
    };
  }
  return client;
}

/** The current access token, or null when signed out. */
export async function accessToken(): Promise<string | null> {
  const { data } = await supabase().auth.getSession();
  return data.session?.access_token ?? null;
}
