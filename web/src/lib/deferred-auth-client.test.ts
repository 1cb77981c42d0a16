import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './runtime-config.ts';
import { getSessionState, initSession } from './session.ts';
import { supabase } from './supabase.ts';

/**
 * Decision 021: with a fresh session cookie boot renders without the auth chunk and loads it after
 * the first screen; a form sent before then loads it, and the session store subscribes first, so
 * the form's event is not missed.
 */
const calls: string[] = [];
let created = 0;

vi.mock('./auth-client.ts', () => ({
  createAuthClient: () => {
    created += 1;
    return {
      onAuthStateChange: (listener: (event: string, session: object | null) => void) => {
        calls.push('subscribe');
        listener('INITIAL_SESSION', null);
        return { data: { subscription: { unsubscribe() {} } } };
      },
      signInWithPassword: async () => {
        calls.push('signIn');
        return { data: {}, error: null };
      },
    };
  },
}));

const fresh = {
  access_token: 'token-1',
  refresh_token: 'refresh-1',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: 'u1', email: 'fan@example.com' },
};

beforeAll(async () => {
  vi.stubGlobal('document', {
    cookie: `sb-paddock-auth-token=base64-${Buffer.from(JSON.stringify(fresh)).toString('base64url')}`,
  });
  vi.stubGlobal('window', {
    location: { origin: 'https://paddock.example', search: '', hash: '', href: 'https://paddock.example/' },
  });
  vi.stubGlobal('localStorage', { getItem: () => null });
  vi.stubGlobal('fetch', async () =>
    Response.json({ authUrl: 'https://paddock.example', organizationKey: 'org-key' }),
  );
  await loadRuntimeConfig();
});

describe('the auth client after the first screen', () => {
  it('a fresh cookie signs the fan in without creating the auth client', async () => {
    await initSession();
    expect(getSessionState()).toMatchObject({ status: 'signedIn', session: { access_token: 'token-1' } });
    await new Promise((r) => setTimeout(r, 10));
    expect(created).toBe(0);
  });

  it('a form sent before it has loaded loads it, and the session store subscribes before it signs in', async () => {
    await supabase().auth.signInWithPassword({ email: 'fan@example.com', password: 'secret-password' });
    expect(created).toBe(1);
    expect(calls).toEqual(['subscribe', 'signIn']);
  });
});
