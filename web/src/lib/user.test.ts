import type { User } from '@paddock/contracts/api/profile';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';
import { currentLevelUp, dismissLevelUp, displayName, watchLevelUps } from './user.ts';

const fan = (over: Partial<User> = {}): User => ({
  userId: '7d4f3a52-9d0c-4f47-8a34-0f1c7e0f4d11',
  email: 'sam@example.com',
  username: 'sam',
  firstName: 'Sam',
  lastName: 'Lee',
  phoneNumber: null,
  zipCode: null,
  country: null,
  birthday: '1990-01-01',
  properties: {},
  avatarUrl: null,
  points: 90,
  lifetimePoints: 90,
  rank: { code: 'P10', name: 'Rookie' },
  nextRank: { code: 'P9', name: 'Karting Kid', pointsNeeded: 10 },
  underage: false,
  isNewUser: false,
  referralCode: 'ABC',
  roles: [],
  isInternal: false,
  leaderboardVisible: true,
  ...over,
});

afterEach(() => dismissLevelUp());

describe('level-up (product §4: the rank name changes after a user refresh)', () => {
  it('is flagged when a refresh brings a new rank name', () => {
    const client = new QueryClient();
    const stop = watchLevelUps(client);
    client.setQueryData(queryKeys.me, fan());
    expect(currentLevelUp()).toBeNull();
    client.setQueryData(
      queryKeys.me,
      fan({ points: 120, lifetimePoints: 120, rank: { code: 'P9', name: 'Karting Kid' } }),
    );
    expect(currentLevelUp()).toEqual({ from: 'Rookie', to: 'Karting Kid', code: 'P9' });
    stop();
  });
  it('is not flagged on the first load, on the same rank, or for a different fan', () => {
    const client = new QueryClient();
    const stop = watchLevelUps(client);
    client.setQueryData(queryKeys.me, fan({ rank: { code: 'P5', name: 'Race Driver' } }));
    client.setQueryData(queryKeys.me, fan({ points: 5, rank: { code: 'P5', name: 'Race Driver' } }));
    client.setQueryData(queryKeys.me, null);
    client.setQueryData(
      queryKeys.me,
      fan({ userId: '0b8e5a0e-4a55-4f1b-a3f8-5a8fbb7b1a10', rank: { code: 'P1', name: 'World Champion' } }),
    );
    expect(currentLevelUp()).toBeNull();
    stop();
  });
});

describe('displayName', () => {
  it('prefers the first name, then the username, then the e-mail', () => {
    expect(displayName(fan())).toBe('Sam');
    expect(displayName(fan({ firstName: null }))).toBe('sam');
    expect(displayName(fan({ firstName: ' ', username: null }))).toBe('sam');
    expect(displayName(null)).toBe('');
  });
});
