import type { Rank, RankCode } from '@paddock/contracts';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import type { OrganizationCache } from './organization-cache.ts';

/** The organization's ranks from entry (P10) to top (P1). */
export async function listRanks(
  db: Database,
  organizationId: string,
): Promise<(Rank & { benefits: string | null })[]> {
  const rows = await db
    .selectFrom('ranks')
    .select(['code', 'name', 'minPoints', 'benefits'])
    .where('organizationId', '=', organizationId)
    .orderBy('minPoints', 'asc')
    .execute();
  return rows.map((r) => ({ ...r, code: r.code as RankCode }));
}

/** The ranks as `listRanks`, from the app's organization cache (hot paths: every /user/me). */
export function cachedRanks(cache: OrganizationCache, db: Database, organizationId: string) {
  return cache.ranks(organizationId, () => listRanks(db, organizationId));
}

export async function organizationById(db: Database, id: string): Promise<Organization | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function organizationBySlug(db: Database, slug: string): Promise<Organization | undefined> {
  return db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Slugs of these organizations, by id (the admin CLI names where an e-mail exists). */
export async function organizationSlugs(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('organizations').select(['id', 'slug']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.slug]));
}

/** Whether the database holds any organization yet (a first start seeds the demo team). */
export async function hasOrganizations(db: Database): Promise<boolean> {
  return Boolean(await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst());
}

/**
 * The organization a publishable key names. Without a key, auth-compat §10: with one
 * organization (or DEFAULT_ORGANIZATION) a key-less call is served for it. Every API request
 * asks, so the answer comes from the organization cache (decision 032).
 */
export function organizationByKey(
  cache: OrganizationCache,
  db: Database,
  key: string | undefined,
  defaultSlug: string | undefined,
): Promise<Organization | undefined> {
  // Keys start with pk_, so the key-less entry cannot collide with one; it names the default
  // it was resolved for, so apps with different DEFAULT_ORGANIZATION in one process never mix.
  const cacheKey = key ?? `default:${defaultSlug ?? ''}`;
  return cache.organization(cacheKey, () => loadOrganizationByKey(db, key, defaultSlug));
}

async function loadOrganizationByKey(
  db: Database,
  key: string | undefined,
  defaultSlug: string | undefined,
): Promise<Organization | undefined> {
  if (key) {
    return db.selectFrom('organizations').selectAll().where('publishableKey', '=', key).executeTakeFirst();
  }
  if (defaultSlug) return organizationBySlug(db, defaultSlug);
  const two = await db.selectFrom('organizations').selectAll().limit(2).execute();
  return two.length === 1 ? two[0] : undefined;
}
