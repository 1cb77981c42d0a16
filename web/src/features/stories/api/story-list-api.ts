import type { StoryListResponse } from '@paddock/contracts/api/stories';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/content/stories: the stories the fan may see, for the dashboard's rail. Apart from
 * story-api.ts so the dashboard's chunk carries it without the story viewer's calls.
 */
export const storiesQueryOptions = queryOptions({
  queryKey: queryKeys.stories,
  queryFn: () => api.get<StoryListResponse>('/content/stories'),
});
