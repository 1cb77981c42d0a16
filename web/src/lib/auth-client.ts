/**
 * The one module that pulls in the auth client. It is loaded with a dynamic import that boot
 * starts at once, in parallel with /config.json and the first route's chunks, so it is not part
 * of the entry chunk's static graph (product §13.9 first-load budget, decision 021).
 *
 * The session lives in cookies exactly as `@supabase/ssr`'s `createBrowserClient` keeps it
 * (decision 029): we use its own cookie storage (`createStorageFromOptions`, base64url, 400 days,
 * path `/`, SameSite lax, 3,180-character chunks) and the same options it passes to supabase-js.
 * What we skip is `createClient` itself, which `createBrowserClient` calls and which builds the
 * PostgREST, Storage, Functions and Realtime clients we never use: ~30 kB gzip off every first
 * load (decision 021).
 */
import { createStorageFromOptions } from '@supabase/ssr/dist/module/cookies.js';
import { AuthClient } from '@supabase/supabase-js';

export type PaddockAuthClient = InstanceType<typeof AuthClient>;

/** `@supabase/ssr`'s browser client, auth part only: `createClient`'s auth options with the cookie storage. */
export function createAuthClient(projectUrl: string, key: string, storageKey: string): PaddockAuthClient {
  const { storage } = createStorageFromOptions({ cookieEncoding: 'base64url' }, false);
  return new AuthClient({
    url: `${projectUrl}/auth/v1`,
    headers: { Authorization: `Bearer ${key}`, apikey: key, 'X-Client-Info': 'paddock-web' },
    storageKey,
    storage,
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  });
}
