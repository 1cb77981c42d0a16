import type {
  Article,
  ArticleListResponse,
  ContentRewardResponse,
  PlaylistResponse,
  VideoListResponse,
} from '@paddock/contracts/api/content';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../ui/toast-store.ts';
import { nextStepAfterRefusal } from '../lib/content-reward.ts';

export const videosQuery = () =>
  queryOptions({
    queryKey: queryKeys.videos,
    queryFn: ({ signal }) => api.get<VideoListResponse>('/content/videos', { signal }),
  });

export const playlistQuery = (id: string) =>
  queryOptions({
    queryKey: ['content', 'playlists', id] as const,
    queryFn: ({ signal }) =>
      api.get<PlaylistResponse>(`/content/playlists/${encodeURIComponent(id)}`, { signal }),
  });

export const articlesQuery = () =>
  queryOptions({
    queryKey: queryKeys.articles,
    queryFn: ({ signal }) => api.get<ArticleListResponse>('/content/articles', { signal }),
    select: (data) => data.articles,
  });

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.articles, id] as const,
    queryFn: ({ signal }) => api.get<Article>(`/content/articles/${encodeURIComponent(id)}`, { signal }),
  });

type ClaimState = 'idle' | 'claiming' | 'waiting' | 'paid' | 'failed';

/**
 * Claims the points for watching a video or reading an article (product §7 POST …/view, …/read)
 * with the checksum the server issued. Too early → waits the server's retryAfterSeconds and
 * tries again; stale checksum → refetches the item once and tries again. Paid → a toast with
 * the points and the fan's balance refreshed.
 */
export function useContentReward(options: {
  path: string;
  proof: () => { checksum: string; issuedAt: string } | null;
  refresh: () => Promise<unknown>;
  t: TFunction<'content'>;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ClaimState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshed = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const claim = useCallback(async () => {
    const { path, proof, refresh, t } = latest.current;
    const body = proof();
    if (!body) return;
    setState('claiming');
    try {
      const result = await api.post<ContentRewardResponse>(path, body);
      setState('paid');
      if (result.pointsAwarded > 0) {
        toast({ title: t('reward.points', { count: result.pointsAwarded }) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: ['content'] });
    } catch (error) {
      const step = error instanceof ApiError ? nextStepAfterRefusal(error) : { kind: 'give_up' as const };
      if (step.kind === 'wait') {
        setState('waiting');
        timer.current = setTimeout(() => void claim(), step.ms);
      } else if (step.kind === 'refresh' && !refreshed.current) {
        refreshed.current = true;
        await refresh();
        await claim();
      } else {
        setState('failed');
        toast({ title: t('reward.failedTitle'), description: t('reward.failed'), variant: 'destructive' });
      }
    }
  }, [queryClient]);

  return { state, claim };
}
