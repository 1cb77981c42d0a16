import type { User, UserUpdate } from '@paddock/contracts/api/profile';
import { isLevelUp } from '@paddock/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.ts';

/** GET /api/user/me; product §8: a 401 on the user fetch means "not logged in" (null), not an error. */
export async function fetchMe(): Promise<User | null> {
  try {
    return await api.get<User>('/user/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe });

/** The signed-in fan (undefined while loading, null when signed out). */
export function useMe() {
  const { status } = useSession();
  return useQuery({ ...meQueryOptions, enabled: status === 'signedIn' });
}

export function updateMe(patch: UserUpdate) {
  return api.patch<User>('/user/me', patch);
}

/** The display name: first name, else username, else the e-mail's local part. */
export function displayName(user: Pick<User, 'firstName' | 'username' | 'email'> | null | undefined): string {
  if (!user) return '';
  return user.firstName?.trim() || user.username?.trim() || user.email?.split('@')[0] || '';
}

/* ---- Level-up (product §4): the rank name changed after a user refresh ---- */

export interface LevelUp {
  from: string;
  to: string;
  code: string;
}

let levelUp: LevelUp | null = null;
const levelUpListeners = new Set<() => void>();

function setLevelUp(next: LevelUp | null) {
  levelUp = next;
  for (const l of levelUpListeners) l();
}

export const dismissLevelUp = () => setLevelUp(null);

/** The pending celebration, outside React (tests, analytics). */
export const currentLevelUp = () => levelUp;

export function useLevelUp(): LevelUp | null {
  return useSyncExternalStore(
    (l) => {
      levelUpListeners.add(l);
      return () => levelUpListeners.delete(l);
    },
    () => levelUp,
  );
}

/** Watches every refresh of the fan in the cache and flags a level-up when the rank name changes. */
export function watchLevelUps(queryClient: QueryClient) {
  let previous: { userId: string; rankName: string | null } | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== JSON.stringify(queryKeys.me)) return;
    const user = event.query.state.data as User | null | undefined;
    if (!user) {
      previous = null;
      return;
    }
    const rankName = user.rank?.name ?? null;
    if (previous && previous.userId === user.userId && isLevelUp(previous.rankName, rankName) && user.rank) {
      setLevelUp({ from: previous.rankName ?? '', to: user.rank.name, code: user.rank.code });
    }
    previous = { userId: user.userId, rankName };
  });
}
