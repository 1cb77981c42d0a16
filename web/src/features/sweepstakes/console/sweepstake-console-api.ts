import type {
  AdminSweepstake,
  AdminSweepstakeCreate,
  AdminSweepstakeUpdate,
} from '@paddock/contracts/api/sweepstakes';
import { api } from '../../../lib/api-client.ts';

/** The sweepstakes' operator API (/api/admin/sweepstakes, product §11.6), one function per call. */
export const sweepstakeConsoleKeys = { sweepstakes: ['admin', 'sweepstakes'] as const };

export const sweepstakeConsoleApi = {
  sweepstakes: () => api.get<AdminSweepstake[]>('/admin/sweepstakes'),
  create: (body: AdminSweepstakeCreate) => api.post<AdminSweepstake>('/admin/sweepstakes', body),
  update: (id: string, body: AdminSweepstakeUpdate) =>
    api.patch<AdminSweepstake>(`/admin/sweepstakes/${id}`, body),
  draw: (id: string, winners: number) =>
    api.post<AdminSweepstake>(`/admin/sweepstakes/${id}/draw`, { winners }),
  entriesCsvPath: (id: string) => `/admin/sweepstakes/${id}/entries.csv`,
};
