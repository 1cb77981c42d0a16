import type { AuthClient } from '@supabase/supabase-js';
import { runtimeConfig } from './runtime-config.ts';
import { importWithReloadGuard } from './reload-guard.ts';
import { migrateLocalStorageSession } from './session-migration.ts';

/** The part of a supabase-js client the app uses: its auth client (there is no PostgREST, Realtime or Storage here). */
export interface PaddockSupabase {
  auth: InstanceType<typeof AuthClient>;
}

type CreateBrowserClient = typeof import('./auth-client.ts').createBrowserClient;

let client: PaddockSupabase | null = null;
let clientFactory: Promise<CreateBrowserClient> | null = null;
let loadedFactory: CreateBrowserClient | null = null;
let ready: Promise<PaddockSupabase> | null = null;

/**
 * Starts downloading the auth client (idempotent). main.tsx calls it first thing, so the chunk
 * loads in parallel with /config.json and the route chunks instead of inflating the entry.
 */
export function loadAuthClient(): Promise<CreateBrowserClient> {
  clientFactory ??= importWithReloadGuard(() => import('./auth-client.ts')).then((m) => {
    loadedFactory = m.createBrowserClient;
    return m.createBrowserClient;
  });
  return clientFactory;
}

/** supabase-js's storage key for a project URL: `sb-<first label of the host>-auth-token` (auth-compat §1). */
function projectUrl() {
  const base = new URL(runtimeConfig().authUrl, window.location.origin);
  return { url: base.href.replace(/\/$/, ''), storageKey: `sb-${base.hostname.split('.')[0]}-auth-token` };
}

/**
 * @supabase/ssr's browser client against our /auth/v1 (decision 011, decision 029): the session
 * lives in cookies with its defaults — 400 days, path `/`, SameSite lax, chunks of 3,180
 * characters, PKCE (product §9.5). Session events, refresh 90 s before expiry and retries come
 * from supabase-js's auth client inside it; we only use `.auth`.
 *
 * Synchronous once boot has awaited `loadSupabase()` (initSession does, before the first render).
 */
export function supabase(): PaddockSupabase {
  if (!client) {
    if (!loadedFactory) throw new Error('supabase() called before loadSupabase() finished');
    const key = runtimeConfig().organizationKey;
    client = loadedFactory(projectUrl().url, key, {
      auth: { autoRefreshToken: true, detectSessionInUrl: true },
    });
  }
  return client;
}

/**
 * The client, once the auth chunk has arrived and a session kept in local storage by an earlier
 * version has moved into cookies (boot awaits this before the first render).
 */
export function loadSupabase(): Promise<PaddockSupabase> {
  ready ??= loadAuthClient().then(async () => {
    const c = supabase();
    await migrateLocalStorageSession(c.auth, projectUrl().storageKey);
    return c;
  });
  return ready;
}

/** The current access token, or null when signed out. */
export async function accessToken(): Promise<string | null> {
  const { data } = await (await loadSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}
