import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./runtime-config.ts', () => ({
  runtimeConfig: () => ({ apiBaseUrl: '/api', organizationKey: 'pk_test' }),
}));
vi.mock('./supabase.ts', () => ({ accessToken: async () => 'session-token' }));

const { api, ApiError } = await import('./api-client.ts');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const keyOf = (call: unknown[]) =>
  (call[1] as { headers: Record<string, string> }).headers['idempotency-key'];

describe('API client retries (product §7, §12.5)', () => {
  it('retries a write after a network failure with the same Idempotency-Key', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const result = api.post('/checkin', {});
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock.mock.calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(fetchMock.mock.calls[1]!)).toBe(keyOf(fetchMock.mock.calls[0]!));
  });

  it('retries 502/503/504 at most 3 times, then reports the failure', async () => {
    fetchMock.mockImplementation(async () => json(503, { code: 'unavailable', message: 'down' }));
    const result = api.post('/sweepstake/x/entry', { count: 1 }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never retries a 4xx', async () => {
    fetchMock.mockImplementation(async () =>
      json(422, { code: 'insufficient_points', message: 'Not enough points' }),
    );
    const result = api.post('/sweepstake/x/entry', { count: 1 }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({ status: 422, code: 'insufficient_points' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends reads without a key and leaves their retries to the query cache', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = api.get('/user/me').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(TypeError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyOf(fetchMock.mock.calls[0]!)).toBeUndefined();
  });
});
