import type { CheckinResult, CheckinStatus } from '@paddock/contracts/api/checkin';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/checkin: the fan's streak and whether today's check-in is open (product §3 Check-in). */
export const checkinQueryOptions = queryOptions({
  queryKey: queryKeys.checkin,
  queryFn: () => api.get<CheckinStatus>('/checkin'),
});

export const postCheckin = () => api.post<CheckinResult>('/checkin', {});
