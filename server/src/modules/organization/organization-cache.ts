import type { Rank } from '@paddock/contracts';
import type { Organization } from '../../db/schema.ts';

/**
 * What every request reads about its organization (the row its publishable key names, and its
 * ranks), kept in memory for a few seconds instead of read per request (decision 032). Operator
 * writes call `invalidate(orgId)` after they commit, so this process serves the change at
 * once; the TTL bounds what any other process could still serve (decision 016 will make
 * invalidation cross-process behind this same interface).
 */
export interface OrganizationCache {
  organization(key: string, load: () => Promise<Organization | undefined>): Promise<Organization | undefined>;
  ranks<R extends Rank>(organizationId: string, load: () => Promise<R[]>): Promise<R[]>;
  invalidate(organizationId: string): void;
}

export const ORGANIZATION_CACHE_TTL_MS = 5_000;

class InMemoryOrganizationCache implements OrganizationCache {
  private readonly byKey = new Map<string, { value: Organization; until: number }>();
  private readonly rankLists = new Map<string, { value: Rank[]; until: number }>();

  async organization(key: string, load: () => Promise<Organization | undefined>) {
    const hit = this.byKey.get(key);
    if (hit && hit.until > performance.now()) return hit.value;
    const value = await load();
    // Unknown keys are not remembered: a new organization is served as soon as it exists.
    if (value) this.byKey.set(key, { value, until: performance.now() + ORGANIZATION_CACHE_TTL_MS });
    else this.byKey.delete(key);
    return value;
  }

  async ranks<R extends Rank>(organizationId: string, load: () => Promise<R[]>): Promise<R[]> {
    const hit = this.rankLists.get(organizationId);
    if (hit && hit.until > performance.now()) return hit.value as R[];
    const value = await load();
    this.rankLists.set(organizationId, { value, until: performance.now() + ORGANIZATION_CACHE_TTL_MS });
    return value;
  }

  invalidate(organizationId: string) {
    for (const [key, entry] of this.byKey) if (entry.value.id === organizationId) this.byKey.delete(key);
    this.rankLists.delete(organizationId);
  }
}

/** The process's cache. Keyed by publishable key and organization id (unique), so apps sharing a process never mix. */
export const organizationCache: OrganizationCache = new InMemoryOrganizationCache();
