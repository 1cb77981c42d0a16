import type {
  AdminFanDetail,
  AdminFanSummary,
  AdminStats,
  AdminTransaction,
  AuditEntry,
  ChallengeResults,
  ConsentType,
  OrganizationSettings,
} from '@paddock/contracts/api/admin';
import type {
  AdminActivation,
  AdminActivationInput,
  AdminArticle,
  AdminArticleInput,
  AdminPlaylist,
  AdminPlaylistInput,
  AdminStory,
  AdminStoryInput,
  AdminVideo,
  AdminVideoInput,
} from '@paddock/contracts/api/admin-content';
import type {
  AdminChallenge,
  AdminChallengeInput,
  AdminChallengePatch,
  SettleResult,
} from '@paddock/contracts/api/challenges';
import type {
  AdminSweepstake,
  AdminSweepstakeCreate,
  AdminSweepstakeUpdate,
} from '@paddock/contracts/api/sweepstakes';
import { ApiError, api, request } from '../../../lib/api-client.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { accessToken } from '../../../lib/supabase.ts';

/** The operator API (/api/admin, issue 5), one function per call; screens wrap them in queries. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const qs = (params: Record<string, string | number | undefined | null>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

export const adminKeys = {
  all: ['admin'] as const,
  fans: (q: string, cursor?: string) => ['admin', 'fans', q, cursor ?? ''] as const,
  fan: (id: string) => ['admin', 'fan', id] as const,
  fanTransactions: (id: string) => ['admin', 'fan', id, 'transactions'] as const,
  audit: (filters: Record<string, string>) => ['admin', 'audit', filters] as const,
  stats: (days: number) => ['admin', 'stats', days] as const,
  organization: ['admin', 'organization'] as const,
  ranks: ['admin', 'ranks'] as const,
  consentTypes: ['admin', 'consent-types'] as const,
  challenges: ['admin', 'challenges'] as const,
  challengeResults: (id: string) => ['admin', 'challenge-results', id] as const,
  sweepstakes: ['admin', 'sweepstakes'] as const,
  videos: ['admin', 'videos'] as const,
  playlists: ['admin', 'playlists'] as const,
  articles: ['admin', 'articles'] as const,
  stories: ['admin', 'stories'] as const,
  activations: ['admin', 'activations'] as const,
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

  organization: () => api.get<OrganizationSettings>('/admin/organization'),
  updateOrganization: (patch: Record<string, unknown>) =>
    api.patch<OrganizationSettings>('/admin/organization', patch),
  ranks: () => api.get<{ ranks: RankRow[] }>('/admin/ranks'),
  putRanks: (ranks: RankRow[]) => request<{ ranks: RankRow[] }>('PUT', '/admin/ranks', { body: { ranks } }),
  consentTypes: () => api.get<{ items: ConsentType[] }>('/admin/consent-types'),
  createConsentType: (body: Omit<ConsentType, 'id'>) => api.post<ConsentType>('/admin/consent-types', body),
  updateConsentType: (id: string, body: Partial<Omit<ConsentType, 'id' | 'key'>>) =>
    api.patch<ConsentType>(`/admin/consent-types/${id}`, body),
  deleteConsentType: (id: string) => api.delete<null>(`/admin/consent-types/${id}`),

  challenges: () => api.get<{ items: AdminChallenge[] }>('/admin/challenges?includeArchived=true'),
  challenge: (id: string) => api.get<AdminChallenge>(`/admin/challenges/${id}`),
  createChallenge: (body: AdminChallengeInput) => api.post<AdminChallenge>('/admin/challenges', body),
  updateChallenge: (id: string, body: AdminChallengePatch) =>
    api.patch<AdminChallenge>(`/admin/challenges/${id}`, body),
  archiveChallenge: (id: string) => api.post<AdminChallenge>(`/admin/challenges/${id}/archive`),
  settle: (id: string, outcomeIndex: number, preview: boolean) =>
    api.post<SettleResult>(`/admin/challenges/${id}/settle`, { outcomeIndex, preview }),
  challengeResults: (id: string) => api.get<ChallengeResults>(`/admin/challenges/${id}/results`),

  sweepstakes: () => api.get<AdminSweepstake[]>('/admin/sweepstakes'),
  createSweepstake: (body: AdminSweepstakeCreate) => api.post<AdminSweepstake>('/admin/sweepstakes', body),
  updateSweepstake: (id: string, body: AdminSweepstakeUpdate) =>
    api.patch<AdminSweepstake>(`/admin/sweepstakes/${id}`, body),
  draw: (id: string, winners: number) =>
    api.post<AdminSweepstake>(`/admin/sweepstakes/${id}/draw`, { winners }),

  videos: () => api.get<{ items: AdminVideo[] }>('/admin/videos'),
  saveVideo: (id: string | null, body: AdminVideoInput) =>
    id
      ? request<AdminVideo>('PUT', `/admin/videos/${id}`, { body })
      : api.post<AdminVideo>('/admin/videos', body),
  archiveVideo: (id: string) => api.post<AdminVideo>(`/admin/videos/${id}/archive`),
  playlists: () => api.get<{ items: AdminPlaylist[] }>('/admin/playlists'),
  savePlaylist: (id: string | null, body: AdminPlaylistInput) =>
    id
      ? request<AdminPlaylist>('PUT', `/admin/playlists/${id}`, { body })
      : api.post<AdminPlaylist>('/admin/playlists', body),
  deletePlaylist: (id: string) => api.delete<null>(`/admin/playlists/${id}`),
  articles: () => api.get<{ items: AdminArticle[] }>('/admin/articles'),
  saveArticle: (id: string | null, body: AdminArticleInput) =>
    id
      ? request<AdminArticle>('PUT', `/admin/articles/${id}`, { body })
      : api.post<AdminArticle>('/admin/articles', body),
  deleteArticle: (id: string) => api.delete<null>(`/admin/articles/${id}`),
  stories: () => api.get<{ items: AdminStory[] }>('/admin/stories'),
  saveStory: (id: string | null, body: AdminStoryInput) =>
    id
      ? request<AdminStory>('PUT', `/admin/stories/${id}`, { body })
      : api.post<AdminStory>('/admin/stories', body),
  archiveStory: (id: string) => api.post<AdminStory>(`/admin/stories/${id}/archive`),

  activations: () => api.get<{ items: AdminActivation[] }>('/admin/activations'),
  saveActivation: (id: string | null, body: AdminActivationInput) =>
    id
      ? request<AdminActivation>('PUT', `/admin/activations/${id}`, { body })
      : api.post<AdminActivation>('/admin/activations', body),
  archiveActivation: (id: string) => api.post<AdminActivation>(`/admin/activations/${id}/archive`),

  upload: (purpose: 'image' | 'video' | 'pdf', file: Blob) =>
    request<{ mediaId: string; url: string }>('POST', `/admin/media?purpose=${purpose}`, { binary: file }),
};

export interface RankRow {
  code: string;
  name: string;
  minPoints: number;
  benefits: string | null;
}

/**
 * Non-JSON answers (the CSV export, the QR code) need the same headers as every API call, so
 * they are fetched here and handed to the browser as a blob URL rather than linked directly.
 */
export async function fetchBlob(path: string): Promise<Blob> {
  const config = runtimeConfig();
  const token = (await accessToken()) ?? config.organizationKey;
  const response = await fetch(`${config.apiBaseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-organization-token': config.organizationKey },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? 'http_error', body.message ?? response.statusText, body);
  }
  return response.blob();
}

export async function downloadBlob(path: string, filename: string) {
  const blob = await fetchBlob(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
