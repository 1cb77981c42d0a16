import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './runtime-config.ts';
import { accessToken, mayHaveSession, storedSession } from './supabase.ts';

/**
 * Decision 021: boot renders without the auth chunk when the cookie already answers — no session
 * (signed out) or a fresh one (signed in, read the way @supabase/ssr writes it, decision 029).
 */
const KEY = 'sb-paddock-auth-token';
const page = { cookie: '', search: '', hash: '' };

function cookieValue(session: object) {
  return `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
}
const session = (expiresInS: number) => ({
  access_token: 'token-1',
  refresh_token: 'refresh-1',
  expires_at: Math.floor(Date.now() / 1000) + expiresInS,
  user: { id: 'u1', email: 'fan@example.com' },
});

beforeAll(async () => {
  vi.stubGlobal('document', {
    get cookie() {
      return page.cookie;
    },
  });
  vi.stubGlobal('window', {
    location: {
      origin: 'https://paddock.example',
      get search() {
        return page.search;
      },
      get hash() {
        return page.hash;
      },
    },
  });
  vi.stubGlobal('localStorage', { getItem: () => null });
  vi.stubGlobal('fetch', async () =>
    Response.json({ authUrl: 'https://paddock.example', organizationKey: 'org-key' }),
  );
  await loadRuntimeConfig();
});

afterEach(() => {
  page.cookie = '';
  page.search = '';
  page.hash = '';
});

describe('the session boot reads from the cookie', () => {
  it('no cookie: signed out at once, and API calls go without a token', async () => {
    page.cookie = 'paddock-locale=en';
    expect(mayHaveSession()).toBe(false);
    expect(storedSession()).toBeNull();
    expect(await accessToken()).toBeNull();
  });

  it('a fresh session, whole or split into chunks, is read with its user and token', async () => {
    page.cookie = `paddock-locale=en; ${KEY}=${cookieValue(session(3600))}`;
    expect(storedSession()?.user.email).toBe('fan@example.com');
    expect(await accessToken()).toBe('token-1');
    const value = cookieValue(session(3600));
    page.cookie = `${KEY}.0=${value.slice(0, 40)}; ${KEY}.1=${value.slice(40)}`;
    expect(storedSession()?.access_token).toBe('token-1');
  });

  it('a session about to expire, or a sign-in link in the address, waits for the auth client', () => {
    page.cookie = `${KEY}=${cookieValue(session(60))}`;
    expect(storedSession()).toBeNull();
    expect(mayHaveSession()).toBe(true);
    page.cookie = '';
    page.search = '?code=abc';
    expect(mayHaveSession()).toBe(true);
    page.cookie = `${KEY}=${cookieValue(session(3600))}`;
    expect(storedSession()).toBeNull();
  });
});
