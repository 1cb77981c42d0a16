import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import common from '../i18n/common/en.json';
import { subscribeToasts, type Toast } from '../ui/toast-store.ts';
import { ApiError } from './api-client.ts';
import { errorMessage, reportApiError } from './api-errors.ts';
import { isRetryable } from './query-client.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common' });
});

describe('product §8 errors as a fan reads them', () => {
  it('a 422 refusal becomes a destructive toast in clear words', () => {
    let shown: Toast[] = [];
    const stop = subscribeToasts((t) => {
      shown = t;
    });
    reportApiError(new ApiError(422, 'insufficient_points', 'balance too low'));
    expect(shown[0]).toMatchObject({
      variant: 'destructive',
      open: true,
      description: "You don't have enough points for that yet. Earn more with challenges and check-ins.",
    });
    stop();
  });
  it('an operator reads operator wording for a refusal, a fan the fan’s', () => {
    const refused = new ApiError(422, 'insufficient_points', 'balance too low');
    expect(errorMessage(refused, 'operator')).toMatch(/^The fan's balance is too low/);
    expect(errorMessage(refused, 'operator')).not.toContain('challenges');
    expect(errorMessage(refused)).toContain('Earn more with challenges');
    // Codes without console wording read the same for both.
    expect(errorMessage(new ApiError(422, 'underage', 'x'), 'operator')).toBe(
      errorMessage(new ApiError(422, 'underage', 'x')),
    );
  });
  it('an unknown 422 code falls back to the server’s message', () => {
    expect(errorMessage(new ApiError(422, 'brand_new_rule', 'This prize is sold out'))).toBe(
      'This prize is sold out',
    );
  });
  it('other response errors are only logged, not toasted', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let shown: Toast[] = [];
    const stop = subscribeToasts((t) => {
      shown = t;
    });
    const before = shown[0]?.id;
    reportApiError(new ApiError(500, 'internal', 'boom'));
    expect(shown[0]?.id).toBe(before);
    expect(warn).toHaveBeenCalled();
    stop();
    warn.mockRestore();
  });
  it('retries only network failures and 502/503/504 (product §8 "Retryable fetch error")', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [502, 503, 504]) expect(isRetryable(new ApiError(status, 'x', 'x'))).toBe(true);
    for (const status of [400, 401, 404, 422, 500])
      expect(isRetryable(new ApiError(status, 'x', 'x'))).toBe(false);
  });
});
