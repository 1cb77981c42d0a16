import type { ChapterViewResponse, Story } from '@paddock/contracts/api/stories';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/content/stories/{id}: one story the fan may see, with its chapters. */
export const storyQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.stories, id] as const,
    queryFn: ({ signal }) => api.get<Story>(`/content/stories/${encodeURIComponent(id)}`, { signal }),
    // The viewer must not refetch mid-story: chapter order and durations stay as they started.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /api/content/stories/{id}/chapter-view/{chapterId} (product §7; 422 chapter_not_viewable, product §8). */
export const markChapterViewed = (storyId: string, chapterId: string) =>
  api.post<ChapterViewResponse>(
    `/content/stories/${encodeURIComponent(storyId)}/chapter-view/${encodeURIComponent(chapterId)}`,
    {},
  );
