import type { AuthClient } from '@supabase/supabase-js';

type Auth = Pick<InstanceType<typeof AuthClient>, 'getSession' | 'setSession'>;

/**
 * Decision 029: the session used to live in local storage (decision 020). A fan who comes back
 * with such a session stays signed in: the first load hands its tokens to the cookie-held client
 * (`setSession` checks them with the server and refreshes them when expired) and then removes
 * the local copy. A network failure leaves the local copy for the next load; a session the
 * server refuses is dropped, as the old client would have dropped it.
 */
export async function migrateLocalStorageSession(auth: Auth, storageKey: string): Promise<void> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKey);
  } catch {
    return;
  }
  if (!raw) return;
  const { data } = await auth.getSession();
  if (!data.session) {
    const old = parse(raw);
    if (old) {
      const { error } = await auth.setSession(old);
      if (error?.name === 'AuthRetryableFetchError') return;
    }
  }
  for (const suffix of ['', '-code-verifier', '-user']) localStorage.removeItem(`${storageKey}${suffix}`);
}

function parse(raw: string): { access_token: string; refresh_token: string } | null {
  try {
    const value = JSON.parse(raw) as { access_token?: unknown; refresh_token?: unknown };
    return typeof value.access_token === 'string' && typeof value.refresh_token === 'string'
      ? { access_token: value.access_token, refresh_token: value.refresh_token }
      : null;
  } catch {
    return null;
  }
}
