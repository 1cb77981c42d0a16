import type {
  AdminLeaderboard,
  AdminLeaderboardBoard,
  LeaderboardSettings,
  WeekendWindow,
  WeekendWindowInput,
} from '@paddock/contracts/api/leaderboard';
import { api, request } from '../../../lib/api-client.ts';

/** The leaderboards' operator API (/api/admin/leaderboard…, decision 025), one function per call. */
export const leaderboardConsoleKeys = {
  board: (board: AdminLeaderboardBoard) => ['admin', 'leaderboard', board] as const,
  weekends: ['admin', 'leaderboard-weekends'] as const,
  settings: ['admin', 'leaderboard-settings'] as const,
};

export const leaderboardConsoleApi = {
  board: (board: AdminLeaderboardBoard) => api.get<AdminLeaderboard>(`/admin/leaderboard/${board}?limit=100`),
  csvPath: (board: AdminLeaderboardBoard) => `/admin/leaderboard/${board}/export.csv`,
  weekends: () => api.get<{ items: WeekendWindow[] }>('/admin/leaderboard-weekends'),
  createWeekend: (body: WeekendWindowInput) => api.post<WeekendWindow>('/admin/leaderboard-weekends', body),
  updateWeekend: (id: string, body: WeekendWindowInput) =>
    request<WeekendWindow>('PUT', `/admin/leaderboard-weekends/${id}`, { body }),
  deleteWeekend: (id: string) => api.delete<null>(`/admin/leaderboard-weekends/${id}`),
  settings: () => api.get<LeaderboardSettings>('/admin/leaderboard-settings'),
  setSeasonStart: (seasonStartsOn: string) =>
    request<LeaderboardSettings>('PUT', '/admin/leaderboard-settings', { body: { seasonStartsOn } }),
};
