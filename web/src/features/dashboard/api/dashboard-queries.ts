import type { CarouselItem } from '@paddock/contracts/api/carousel';
import type { CheckinResult, CheckinStatus } from '@paddock/contracts/api/checkin';
import type { StoryListResponse } from '@paddock/contracts/api/stories';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const checkinQueryOptions = queryOptions({
  queryKey: queryKeys.checkin,
  queryFn: () => api.get<CheckinStatus>('/checkin'),
});

export const postCheckin = () => api.post<CheckinResult>('/checkin', {});

export const carouselQueryOptions = queryOptions({
  queryKey: queryKeys.carousel,
  queryFn: () => api.get<CarouselItem[]>('/carousel'),
});

export const dismissCarouselItem = (id: string) => api.delete<unknown>(`/carousel/${encodeURIComponent(id)}`);

export const storiesQueryOptions = queryOptions({
  queryKey: queryKeys.stories,
  queryFn: () => api.get<StoryListResponse>('/content/stories'),
});
