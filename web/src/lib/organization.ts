import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/organization/current (product §7): the team, its branding and its ranks. */
export interface Organization {
  organizationId: string;
  token: string;
  name: string;
  slug: string;
  timeZone: string;
  defaultLocale: string;
  branding: { primaryColor: string; accentColor: string; backgroundColor: string; logoUrl: string | null };
  loggedOffDashboard: boolean;
  termsUrl: string | null;
  privacyUrl: string | null;
  ranks: { code: string; name: string; minPoints: number; benefits: string | null }[];
}

export const organizationQueryOptions = queryOptions({
  queryKey: queryKeys.organization,
  queryFn: async () => {
    const org = await api.get<Organization>('/organization/current');
    // Product §8: a missing organizationId is logged as a warning, not fatal.
    if (!org?.organizationId) console.warn('[paddock] organization has no organizationId', org);
    return org;
  },
  staleTime: 60 * 60_000,
});

export function useOrganization() {
  return useQuery(organizationQueryOptions);
}

const HEX = /^#[0-9a-fA-F]{3,8}$/;

/** The organization's colours become the design tokens (product §13.8): a second team re-skins without code. */
export function applyBranding(org: Pick<Organization, 'branding' | 'name'>) {
  const root = document.documentElement.style;
  const { primaryColor, accentColor, backgroundColor } = org.branding;
  if (HEX.test(primaryColor)) root.setProperty('--brand-primary', primaryColor);
  if (HEX.test(accentColor)) root.setProperty('--brand-accent', accentColor);
  if (HEX.test(backgroundColor)) {
    root.setProperty('--brand-bg', backgroundColor);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', backgroundColor);
  }
  if (org.name) document.title = org.name;
}
