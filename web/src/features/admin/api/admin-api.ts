import type {
  AdminFanDetail,
  AdminFanSummary,
  AdminStats,
  AdminTransaction,
  AuditEntry,
} from '@paddock/contracts/api/admin';
import { api } from '../../../lib/api-client.ts';
import { type Page, queryString as qs } from '../../../lib/console-api.ts';

/**
 * The cross-domain operator API (/api/admin, product §11): fan support, the audit log and the
 * dashboard's statistics. Each domain's console calls live in its feature's console/ folder.
 */
export const adminKeys = {
  fans: (q: string) => ['admin', 'fans', q] as const,
  fan: (id: string) => ['admin', 'fan', id] as const,
  fanTransactions: (id: string) => ['admin', 'fan', id, 'transactions'] as const,
  audit: (filters: Record<string, string>) => ['admin', 'audit', filters] as const,
  stats: (days: number) => ['admin', 'stats', days] as const,
};

export const adminApi = {
  searchFans: (q: string, cursor?: string) =>
    api.get<Page<AdminFanSummary>>(`/admin/fans${qs({ q, cursor, limit: 25 })}`),
  fan: (id: string) => api.get<AdminFanDetail>(`/admin/fans/${id}`),
  fanTransactions: (id: string, cursor?: string) =>
    api.get<Page<AdminTransaction>>(`/admin/fans/${id}/transactions${qs({ cursor, limit: 50 })}`),
  adjustPoints: (id: string, amount: number, reason: string) =>
    api.post<{ points: number; lifetimePoints: number }>(`/admin/fans/${id}/adjust-points`, {
      amount,
      reason,
    }),
  block: (id: string) => api.post<AdminFanSummary>(`/admin/fans/${id}/block`),
  unblock: (id: string) => api.post<AdminFanSummary>(`/admin/fans/${id}/unblock`),
  setRoles: (id: string, roles: string[]) => api.post<AdminFanSummary>(`/admin/fans/${id}/roles`, { roles }),

  audit: (filters: Record<string, string>, cursor?: string) =>
    api.get<Page<AuditEntry>>(`/admin/audit${qs({ ...filters, cursor, limit: 50 })}`),
  stats: (days: number) => api.get<AdminStats>(`/admin/stats${qs({ days })}`),
};
