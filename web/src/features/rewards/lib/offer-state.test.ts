import type { Offer } from '@paddock/contracts/api/offers';
import { describe, expect, it } from 'vitest';
import { claimErrorKey, offerState, pointsShort, sortOffers } from './offer-state.ts';

const base: Offer = {
  offerId: '00000000-0000-4000-8000-000000000001',
  title: '15% off in the team shop',
  text: 'A one-time code',
  mediaId: null,
  imageUrl: null,
  cost: 150,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-31T00:00:00.000Z',
  status: 'live',
  redemption: 'codes',
  minAge: null,
  requiredRank: null,
  locked: false,
  offerClaimed: false,
  code: null,
  instruction: null,
  claimedAt: null,
  remaining: 12,
};
const offer = (patch: Partial<Offer>): Offer => ({ ...base, ...patch });

describe('offer state', () => {
  it('is claimable when live, in stock and affordable', () => {
    expect(offerState(base, 150)).toBe('claimable');
    expect(offerState(offer({ remaining: null }), 1000)).toBe('claimable');
  });

  it('asks for more points when the balance is below the cost', () => {
    expect(offerState(base, 149)).toBe('needPoints');
    expect(pointsShort(base, 100)).toBe(50);
    expect(pointsShort(base, 500)).toBe(0);
  });

  it('a free offer is claimable with no points at all', () => {
    expect(offerState(offer({ cost: 0 }), 0)).toBe('claimable');
  });

  it('a claimed offer shows its code whatever else changed (product §4 offerClaimed)', () => {
    expect(
      offerState(offer({ offerClaimed: true, code: 'APEX15-1', status: 'ended', remaining: 0 }), 0),
    ).toBe('claimed');
  });

  it('a rank-locked offer says locked before anything else', () => {
    expect(offerState(offer({ locked: true, requiredRank: { code: 'P8', name: 'Midfield' } }), 9999)).toBe(
      'locked',
    );
  });

  it('reports the window and the stock', () => {
    expect(offerState(offer({ status: 'upcoming' }), 1000)).toBe('upcoming');
    expect(offerState(offer({ status: 'ended' }), 1000)).toBe('ended');
    expect(offerState(offer({ remaining: 0 }), 1000)).toBe('soldOut');
  });
});

describe('claim refusals', () => {
  it('maps every 422 claim code to its own sentence key', () => {
    expect(claimErrorKey('insufficient_points', {})).toBe('claimErrors.insufficient_points');
    expect(claimErrorKey('out_of_stock', {})).toBe('claimErrors.out_of_stock');
    expect(claimErrorKey('already_claimed', {})).toBe('claimErrors.already_claimed');
    expect(claimErrorKey('not_eligible', { reason: 'age' })).toBe('claimErrors.not_eligible_age');
    expect(claimErrorKey('not_eligible', { reason: 'rank' })).toBe('claimErrors.not_eligible_rank');
    expect(claimErrorKey('not_eligible', null)).toBe('claimErrors.not_eligible');
  });

  it('leaves other codes to the common catalogue', () => {
    expect(claimErrorKey('validation_failed', {})).toBeNull();
  });
});

describe('benefits order', () => {
  it('lists open offers first, then locked ones from the nearest rank up', () => {
    const ranks = ['P10', 'P9', 'P8', 'P7'];
    const sorted = sortOffers(
      [
        offer({ offerId: 'a', locked: true, requiredRank: { code: 'P7', name: 'P7' } }),
        offer({ offerId: 'b' }),
        offer({ offerId: 'c', locked: true, requiredRank: { code: 'P8', name: 'P8' } }),
        offer({ offerId: 'd', offerClaimed: true }),
      ],
      ranks,
    );
    expect(sorted.map((o) => o.offerId)).toEqual(['b', 'd', 'c', 'a']);
  });
});
