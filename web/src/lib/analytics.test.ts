import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInternalEmail, posthogAdapter } from './analytics.ts';

describe('internal users (product §5: e-mail in one of the company domains)', () => {
  it('matches the domain exactly, case-insensitively', () => {
    const domains = ['paddock.demo', 'paddock-team.com'];
    expect(isInternalEmail('Ops@Paddock-Team.com', domains)).toBe(true);
    expect(isInternalEmail('fan@example.com', domains)).toBe(false);
    expect(isInternalEmail('fan@notpaddock.demo', domains)).toBe(false);
    expect(isInternalEmail(null, domains)).toBe(false);
  });
});

describe('PostHog adapter (capture HTTP API, no SDK)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts page views, then identify with the internal flag, to {host}/capture/', async () => {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    const storage = new Map<string, string>();
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('{}');
    });
    vi.stubGlobal('location', { href: 'https://fans.example/dashboard' });
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    });
    const adapter = posthogAdapter('phc_test', 'https://eu.i.posthog.com/');
    adapter.page('/dashboard');
    adapter.identify('user-1', { email: 'ops@paddock.demo', isInternal: true });
    adapter.page('/history');
    adapter.reset();
    await Promise.resolve();

    expect(calls.map((c) => c.url)).toEqual(Array(3).fill('https://eu.i.posthog.com/capture/'));
    const [view, identify, after] = calls.map((c) => c.body);
    expect(view).toMatchObject({
      api_key: 'phc_test',
      event: '$pageview',
      properties: { $pathname: '/dashboard' },
    });
    expect(identify).toMatchObject({
      event: '$identify',
      distinct_id: 'user-1',
      properties: { $anon_distinct_id: view?.distinct_id, $set: { is_internal: true } },
    });
    expect(after).toMatchObject({ distinct_id: 'user-1', properties: { $pathname: '/history' } });
    expect(storage.size).toBe(0); // reset forgets the anonymous id too
  });
});
