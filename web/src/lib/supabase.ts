import type { Session } from '@supabase/supabase-js';
import type { PaddockAuthClient } from './auth-client.ts';
import { runtimeConfig } from './runtime-config.ts';
import { importWithReloadGuard } from './reload-guard.ts';
import { migrateLocalStorageSession } from './session-migration.ts';

/** The part of a supabase-js client the app uses: its auth client (there is no PostgREST, Realtime or Storage here). */
export interface PaddockSupabase {
  auth: PaddockAuthClient;
}

type CreateBrowserClient = typeof import('./auth-client.ts').createAuthClient;

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
    loadedFactory = m.createAuthClient;
    return m.createAuthClient;
  });
  return clientFactory;
}

/** supabase-js's storage key for a project URL: `sb-<first label of the host>-auth-token` (auth-compat §1). */
function projectUrl() {
  const base = new URL(runtimeConfig().authUrl, window.location.origin);
  return { url: base.href.replace(/\/$/, ''), storageKey: `sb-${base.hostname.split('.')[0]}-auth-token` };
}

/**
 * The auth part of @supabase/ssr's browser client against our /auth/v1 (decision 011, decision
 * 029): the session lives in cookies with its defaults — 400 days, path `/`, SameSite lax, chunks
 * of 3,180 characters, PKCE (product §9.5). Session events, refresh 90 s before expiry and
 * retries come from supabase-js's auth client (auth-client.ts).
 *
 * A visitor without a session renders before the auth chunk has arrived (session.ts, decision
 * 021); until it has, `supabase().auth.x(…)` waits for it, so a form sent that early still works.
 */
export function supabase(): PaddockSupabase {
  if (!client) {
    if (!loadedFactory) return { auth: deferredAuth };
    const { url, storageKey } = projectUrl();
    client = { auth: loadedFactory(url, runtimeConfig().organizationKey, storageKey) };
  }
  return client;
}

/** Every auth method of the app is asynchronous: called before the chunk arrives, it runs once it has. */
const deferredAuth = new Proxy({} as PaddockAuthClient, {
  get:
    (_target, method) =>
    (...args: unknown[]) =>
      loadSupabase().then((c) => Reflect.get(c.auth, method).apply(c.auth, args)),
});

/** A PKCE code, tokens or an auth error in the address: the auth client must handle it first. */
export function signInLinkInAddress(): boolean {
  const { search, hash } = window.location;
  return /[?&](code|error_description)=/.test(search) || /(access_token|error_description)=/.test(hash);
}

/** The cookies of this page by name. */
function cookieJar(): Map<string, string> {
  return new Map(
    document.cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );
}

/**
 * Whether boot must wait for the auth client before the first render: a session cookie (or one of
 * its chunks), a session an earlier version kept in local storage, or a sign-in link's code or
 * tokens in the address. Without any of these the visitor is signed out, known at once.
 */
export function mayHaveSession(): boolean {
  const { storageKey } = projectUrl();
  if ([...cookieJar().keys()].some((name) => name === storageKey || name.startsWith(`${storageKey}.`)))
    return true;
  try {
    if (localStorage.getItem(storageKey)) return true;
  } catch {
    // Storage blocked: the cookie is all there is.
  }
  return signInLinkInAddress();
}

/** supabase-js refreshes a session this close to expiry (auth-js EXPIRY_MARGIN_MS) before using it. */
const EXPIRY_MARGIN_MS = 90_000;

/**
 * The session in the cookie, read the way @supabase/ssr writes it (`base64-` + base64url JSON,
 * split into `.0`, `.1`… chunks), when nothing but it could change it before the auth chunk
 * arrives: it is valid for more than supabase-js's refresh margin and no sign-in link is in the
 * address. Boot renders a signed-in fan with it and API calls use its token until the auth client
 * takes over (decision 021); anything else waits for the auth client, as before.
 */
export function storedSession(): Session | null {
  if (signInLinkInAddress()) return null;
  const { storageKey } = projectUrl();
  const jar = cookieJar();
  let raw = jar.get(storageKey) ?? '';
  for (let i = 0; !jar.has(storageKey) && jar.has(`${storageKey}.${i}`); i += 1)
    raw += jar.get(`${storageKey}.${i}`);
  const session = decodeCookieSession(raw);
  const fresh = (session?.expires_at ?? 0) * 1000 - Date.now() > EXPIRY_MARGIN_MS;
  return session && fresh ? session : null;
}

/** The last cookie value decoded and its session: the dashboard's first requests all ask at once. */
let decoded: { raw: string; session: Session | null } | null = null;

/**
 * The session a cookie value holds (null when it holds none). Every API call asks for the token
 * until the auth client takes over, and decoding ~2 kB of base64 JSON each time was a visible
 * part of the dashboard's first requests in a profile at 4× CPU (decision 021): the same value is
 * decoded once. Its expiry is still judged on every call (storedSession).
 */
function decodeCookieSession(raw: string): Session | null {
  if (decoded?.raw === raw) return decoded.session;
  let session: Session | null = null;
  if (raw.startsWith('base64-')) {
    try {
      const base64 = decodeURIComponent(raw.slice('base64-'.length)).replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Session;
      session = typeof parsed.access_token === 'string' && parsed.user ? parsed : null;
    } catch {
      session = null;
    }
  }
  decoded = { raw, session };
  return session;
}

let announceLoaded: (c: PaddockSupabase) => void = () => {};
const loaded = new Promise<PaddockSupabase>((resolve) => {
  announceLoaded = resolve;
});

/**
 * The client, once the auth chunk has arrived and a session kept in local storage by an earlier
 * version has moved into cookies; calling it starts the download. Boot awaits this before the
 * first render only when it cannot tell the session without it (session.ts).
 */
export function loadSupabase(): Promise<PaddockSupabase> {
  ready ??= loadAuthClient()
    .then(async () => {
      const c = supabase();
      await migrateLocalStorageSession(c.auth, projectUrl().storageKey);
      return c;
    })
    .then((c) => {
      // whenSupabaseLoaded's callbacks run before those of whoever asked: the session store
      // subscribes before a sign-in sent early can raise its event.
      announceLoaded(c);
      return c;
    });
  return ready;
}

/**
 * The client once something has loaded it (loadSupabase), without starting the download: boot
 * loads it after the first screen when it already knows the session (decision 021).
 */
export function whenSupabaseLoaded(): Promise<PaddockSupabase> {
  return loaded;
}

/**
 * The current access token, or null when signed out. Signed out is known without the auth chunk
 * (mayHaveSession), so a visitor's first API calls do not wait for it.
 */
export async function accessToken(): Promise<string | null> {
  if (!loadedFactory) {
    const stored = storedSession();
    if (stored) return stored.access_token;
    if (!mayHaveSession()) return null;
  }
  const { data } = await (await loadSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}
