import type { CarouselItem } from '@paddock/contracts/api/carousel';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const carouselQueryOptions = queryOptions({
  queryKey: queryKeys.carousel,
  queryFn: () => api.get<CarouselItem[]>('/carousel'),
});

export const dismissCarouselItem = (id: string) => api.delete<unknown>(`/carousel/${encodeURIComponent(id)}`);
