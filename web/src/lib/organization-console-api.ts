import type { ConsentType, OrganizationSettings } from '@paddock/contracts/api/admin';
import { api, request } from './api-client.ts';

/**
 * The organization's operator API (settings, ranks, consent types). It sits in lib/ because
 * the organization has no feature of its own: the settings screen (features/admin) and the
 * challenge editor (hidden challenges) both use it.
 */
export interface RankRow {
  code: string;
  name: string;
  minPoints: number;
  benefits: string | null;
}

export const organizationConsoleKeys = {
  organization: ['admin', 'organization'] as const,
  ranks: ['admin', 'ranks'] as const,
  consentTypes: ['admin', 'consent-types'] as const,
};

export const organizationConsoleApi = {
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
};
