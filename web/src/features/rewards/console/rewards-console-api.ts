import type {
  AdminBadge,
  AdminBadgeCreate,
  AdminBadgeUpdate,
  MilestoneKey,
  MilestoneRule,
  MilestoneRuleUpdate,
} from '@paddock/contracts/api/badges';
import type { AdminBoost, AdminBoostCreate, AdminBoostUpdate } from '@paddock/contracts/api/boosts';
import type {
  AdminOffer,
  AdminOfferCreate,
  AdminOfferUpdate,
  OfferCodeImportResult,
} from '@paddock/contracts/api/offers';
import { api } from '../../../lib/api-client.ts';

/** The operator API for offers, boosts and badges (issue 6), one function per call. */
export const rewardsConsoleKeys = {
  offers: ['admin', 'offers'] as const,
  boosts: ['admin', 'boosts'] as const,
  badges: ['admin', 'badges'] as const,
  milestones: ['admin', 'badges', 'milestones'] as const,
};

/** The create bodies with their server-side defaults filled in by the form. */
type OfferBody = Omit<AdminOfferCreate, 'archived'> & { archived?: boolean };

export const rewardsConsoleApi = {
  offers: () => api.get<AdminOffer[]>('/admin/offers'),
  createOffer: (body: OfferBody) => api.post<AdminOffer>('/admin/offers', body),
  updateOffer: (id: string, body: AdminOfferUpdate) => api.patch<AdminOffer>(`/admin/offers/${id}`, body),
  importCodes: (id: string, csv: string) =>
    api.post<OfferCodeImportResult>(`/admin/offers/${id}/codes`, { csv }),
  claimsCsvPath: (id: string) => `/admin/offers/${id}/claims.csv`,

  boosts: () => api.get<AdminBoost[]>('/admin/boosts'),
  createBoost: (body: AdminBoostCreate) => api.post<AdminBoost>('/admin/boosts', body),
  updateBoost: (id: string, body: AdminBoostUpdate) => api.patch<AdminBoost>(`/admin/boosts/${id}`, body),
  deleteBoost: (id: string) => api.delete<null>(`/admin/boosts/${id}`),

  badges: () => api.get<AdminBadge[]>('/admin/badges'),
  createBadge: (body: AdminBadgeCreate) => api.post<AdminBadge>('/admin/badges', body),
  updateBadge: (id: string, body: AdminBadgeUpdate) => api.patch<AdminBadge>(`/admin/badges/${id}`, body),
  deleteBadge: (id: string) => api.delete<null>(`/admin/badges/${id}`),
  milestones: () => api.get<MilestoneRule[]>('/admin/badges/milestones'),
  updateMilestone: (key: MilestoneKey, body: MilestoneRuleUpdate) =>
    api.patch<MilestoneRule>('/admin/badges/milestones', { key, ...body }),
};
