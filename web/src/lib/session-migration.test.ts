import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateLocalStorageSession } from './session-migration.ts';

/** Decision 029: a fan signed in under the local-storage app stays signed in after the move to cookies. */
const KEY = 'sb-paddock-auth-token';
const OLD = { access_token: 'a.b.c', refresh_token: 'r1', expires_at: 1, user: { id: 'u' } };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    keys: () => [...items.keys()],
  };
}

function fakeAuth(opts: { cookieSession?: boolean; setError?: { name: string } | null }) {
  const calls: { access_token: string; refresh_token: string }[] = [];
  return {
    calls,
    auth: {
      getSession: async () => ({ data: { session: opts.cookieSession ? OLD : null }, error: null }),
      setSession: async (s: { access_token: string; refresh_token: string }) => {
        calls.push(s);
        return { data: { session: null, user: null }, error: opts.setError ?? null };
      },
    } as never,
  };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('moving a local-storage session into cookies', () => {
  it('hands the old tokens to the cookie client and removes the local copy and its verifier', async () => {
    storage.setItem(KEY, JSON.stringify(OLD));
    storage.setItem(`${KEY}-code-verifier`, 'v');
    const { auth, calls } = fakeAuth({});
    await migrateLocalStorageSession(auth, KEY);
    expect(calls).toEqual([{ access_token: 'a.b.c', refresh_token: 'r1' }]);
    expect(storage.keys()).toEqual([]);
  });

  it('offline: keeps the local copy for the next load', async () => {
    storage.setItem(KEY, JSON.stringify(OLD));
    const { auth } = fakeAuth({ setError: { name: 'AuthRetryableFetchError' } });
    await migrateLocalStorageSession(auth, KEY);
    expect(storage.getItem(KEY)).not.toBeNull();
  });

  it('a session the server refuses is dropped, as the old client would have dropped it', async () => {
    storage.setItem(KEY, JSON.stringify(OLD));
    const { auth } = fakeAuth({ setError: { name: 'AuthApiError' } });
    await migrateLocalStorageSession(auth, KEY);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('a cookie session wins: the local copy is only removed', async () => {
    storage.setItem(KEY, JSON.stringify(OLD));
    const { auth, calls } = fakeAuth({ cookieSession: true });
    await migrateLocalStorageSession(auth, KEY);
    expect(calls).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('nothing stored: nothing to do', async () => {
    const { auth, calls } = fakeAuth({});
    await migrateLocalStorageSession(auth, KEY);
    expect(calls).toEqual([]);
  });
});
