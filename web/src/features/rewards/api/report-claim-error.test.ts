import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';

const toast = vi.fn();
vi.mock('../../../ui/toast-store.ts', () => ({ toast: (input: unknown) => toast(input) }));

const { reportClaimError } = await import('./use-claim-offer.ts');
const i18next = (await import('i18next')).default;

beforeEach(async () => {
  toast.mockClear();
  if (!i18next.isInitialized) {
    await i18next.init({
      lng: 'en',
      resources: {
        en: {
          rewards: {
            claimErrors: {
              title: "Couldn't claim this reward",
              out_of_stock: 'This reward has run out.',
              not_eligible_rank: 'Reach {{rank}} to unlock this reward.',
            },
          },
          common: { errors: { title: 'Something went wrong', unprocessable: 'Not possible' } },
        },
      },
    });
  }
});

describe('claim refusals become destructive toasts (product §8)', () => {
  it('says the offer ran out in clear words', () => {
    reportClaimError(new ApiError(422, 'out_of_stock', 'This offer has run out', { code: 'out_of_stock' }));
    expect(toast).toHaveBeenCalledWith({
      title: "Couldn't claim this reward",
      description: 'This reward has run out.',
      variant: 'destructive',
    });
  });

  it('names the rank a rank-locked claim needs', () => {
    reportClaimError(
      new ApiError(422, 'not_eligible', 'rank', {
        code: 'not_eligible',
        reason: 'rank',
        requiredRank: { code: 'P8', name: 'Junior Formula' },
      }),
    );
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        description: 'Reach Junior Formula to unlock this reward.',
        variant: 'destructive',
      }),
    );
  });

  it('falls back to the common catalogue for anything else', () => {
    reportClaimError(new ApiError(422, 'something_new', 'The server says no'));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Something went wrong',
        description: 'The server says no',
        variant: 'destructive',
      }),
    );
  });
});
