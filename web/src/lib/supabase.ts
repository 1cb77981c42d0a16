import type { AuthClient } from '@supabase/supabase-js';
import { runtimeConfig } from './runtime-config.ts';
import { importWithReloadGuard } from './reload-guard.ts';

/** The part of a supabase-js client the app uses: its auth client (there is no PostgREST, Realtime or Storage here). */
export interface PaddockSupabase {
  auth: InstanceType<typeof AuthClient>;
}

let client: PaddockSupabase | null = null;
let authClientClass: Promise<typeof AuthClient> | null = null;
let loadedAuthClientClass: typeof AuthClient | null = null;

/**
 * Starts downloading the auth client (idempotent). main.tsx calls it first thing, so the chunk
 * loads in parallel with /config.json and the route chunks instead of inflating the entry.
 */
export function loadAuthClient(): Promise<typeof AuthClient> {
  authClientClass ??= importWithReloadGuard(() => import('./auth-client.ts')).then((m) => {
    loadedAuthClientClass = m.AuthClient;
    return m.AuthClient;
  });
  return authClientClass;
}

/**
 * supabase-js's own auth client (the `AuthClient` it exports and wraps in `createClient`)
 * against our /auth/v1 (decision 011): session events, refresh 90 s before expiry, PKCE
 * and retries all come from it. It is built the way `createClient` builds it — same headers,
 * same default storage key — but without `createClient`, whose Realtime, PostgREST, Storage and
 * Functions clients we never use and which would add ~25 kB gzip to every first load.
 *
 * Synchronous once boot has awaited `loadSupabase()` (initSession does, before the first render).
 */
export function supabase(): PaddockSupabase {
  if (!client) {
    if (!loadedAuthClientClass) throw new Error('supabase() called before loadSupabase() finished');
    const config = runtimeConfig();
    const base = new URL(config.authUrl, window.location.origin);
    const authUrl = new URL('auth/v1', base.href.endsWith('/') ? base.href : `${base.href}/`).href;
    client = {
      auth: new loadedAuthClientClass({
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

/** The client, once the auth chunk has arrived (boot awaits this before the first render). */
export async function loadSupabase(): Promise<PaddockSupabase> {
  await loadAuthClient();
  return supabase();
}

/** The current access token, or null when signed out. */
export async function accessToken(): Promise<string | null> {
  const { data } = await (await loadSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}
