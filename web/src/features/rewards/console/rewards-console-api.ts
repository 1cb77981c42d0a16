import type * as badges from '@paddock/contracts/api/badges';
import type * as boosts from '@paddock/contracts/api/boosts';
import type * as offers from '@paddock/contracts/api/offers';
import { api } from '../../../lib/api-client.ts';

/** The operator API for offers, boosts and badges (product §12.4), one function per call. */
export const rewardsConsoleKeys = {
  offers: ['admin', 'offers'] as const,
  boosts: ['admin', 'boosts'] as const,
  badges: ['admin', 'badges'] as const,
  milestones: ['admin', 'badges', 'milestones'] as const,
};

/** The create bodies with their server-side defaults filled in by the form. */
type OfferBody = Omit<offers.AdminOfferCreate, 'archived'> & { archived?: boolean };

export const rewardsConsoleApi = {
  offers: () => api.get<offers.AdminOffer[]>('/admin/offers'),
  createOffer: (body: OfferBody) => api.post<offers.AdminOffer>('/admin/offers', body),
  updateOffer: (id: string, body: offers.AdminOfferUpdate) =>
    api.patch<offers.AdminOffer>(`/admin/offers/${id}`, body),
  importCodes: (id: string, csv: string) =>
    api.post<offers.OfferCodeImportResult>(`/admin/offers/${id}/codes`, { csv }),
  claimsCsvPath: (id: string) => `/admin/offers/${id}/claims.csv`,

  boosts: () => api.get<boosts.AdminBoost[]>('/admin/boosts'),
  createBoost: (body: boosts.AdminBoostCreate) => api.post<boosts.AdminBoost>('/admin/boosts', body),
  updateBoost: (id: string, body: boosts.AdminBoostUpdate) =>
    api.patch<boosts.AdminBoost>(`/admin/boosts/${id}`, body),
  deleteBoost: (id: string) => api.delete<null>(`/admin/boosts/${id}`),

  badges: () => api.get<badges.AdminBadge[]>('/admin/badges'),
  createBadge: (body: badges.AdminBadgeCreate) => api.post<badges.AdminBadge>('/admin/badges', body),
  updateBadge: (id: string, body: badges.AdminBadgeUpdate) =>
    api.patch<badges.AdminBadge>(`/admin/badges/${id}`, body),
  deleteBadge: (id: string) => api.delete<null>(`/admin/badges/${id}`),
  milestones: () => api.get<badges.MilestoneRule[]>('/admin/badges/milestones'),
  updateMilestone: (key: badges.MilestoneKey, body: badges.MilestoneRuleUpdate) =>
    api.patch<badges.MilestoneRule>('/admin/badges/milestones', { key, ...body }),
};
