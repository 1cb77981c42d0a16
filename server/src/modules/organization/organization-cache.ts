import type { Rank } from '@paddock/contracts';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import { busOf } from '../../platform/events/after-commit.ts';
import { type EventBus, type EventBusLogger, INTERNAL_TOPIC } from '../../platform/events/event-bus.ts';

/**
 * What every request reads about its organization (the row its publishable key names, and its
 * ranks), kept in memory for a few seconds instead of read per request (decision 032). One
 * cache per app (created in bootstrap, on deps), never per module: two apps in one process
 * (tests) or two processes on one database each hold their own. Operator writes call
 * `invalidate(orgId)` after they commit: this process drops the entry at once, and the notice
 * travels over the event bus (PostgreSQL LISTEN/NOTIFY or Redis, decision 016) so every other
 * process drops it as soon as the notice arrives, in milliseconds. The TTL stays as the bound
 * if a notice is lost (a bus connection reconnecting).
 */
export interface OrganizationCache {
  organization(key: string, load: () => Promise<Organization | undefined>): Promise<Organization | undefined>;
  ranks<R extends Rank>(organizationId: string, load: () => Promise<R[]>): Promise<R[]>;
  invalidate(organizationId: string): void;
  /** Stops listening to the bus (the app is closing). */
  close(): void;
}

export const ORGANIZATION_CACHE_TTL_MS = 5_000;

/** The bus event that tells every process to drop an organization's entries. */
export const ORGANIZATION_CHANGED = 'organization_changed';

class BusOrganizationCache implements OrganizationCache {
  private readonly byKey = new Map<string, { value: Organization; until: number }>();
  private readonly rankLists = new Map<string, { value: Rank[]; until: number }>();
  /**
   * Bumped by every drop. A load that began before a drop may have read the old row, so it
   * answers its caller but is not kept (else it could outlive the invalidation by a TTL).
   */
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly log?: EventBusLogger,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.topic === INTERNAL_TOPIC && event.event === ORGANIZATION_CHANGED)
        this.drop(event.organizationId);
    });
  }

  async organization(key: string, load: () => Promise<Organization | undefined>) {
    const hit = this.byKey.get(key);
    if (hit && hit.until > performance.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    // Unknown keys are not remembered: a new organization is served as soon as it exists.
    if (!value) this.byKey.delete(key);
    else if (generation === this.generation) {
      this.byKey.set(key, { value, until: performance.now() + ORGANIZATION_CACHE_TTL_MS });
    }
    return value;
  }

  async ranks<R extends Rank>(organizationId: string, load: () => Promise<R[]>): Promise<R[]> {
    const hit = this.rankLists.get(organizationId);
    if (hit && hit.until > performance.now()) return hit.value as R[];
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      this.rankLists.set(organizationId, { value, until: performance.now() + ORGANIZATION_CACHE_TTL_MS });
    }
    return value;
  }

  invalidate(organizationId: string) {
    this.drop(organizationId);
    // The write has committed whatever happens to the notice: a failed publish is logged, and
    // the other processes fall back to the TTL.
    this.bus
      .publish({ organizationId, topic: INTERNAL_TOPIC, event: ORGANIZATION_CHANGED, payload: {} })
      .catch((error: Error) =>
        this.log?.error({ err: error.message }, 'organization cache notice not published'),
      );
  }

  close() {
    this.unsubscribe();
  }

  private drop(organizationId: string) {
    this.generation += 1;
    for (const [key, entry] of this.byKey) if (entry.value.id === organizationId) this.byKey.delete(key);
    this.rankLists.delete(organizationId);
  }
}

const byBus = new WeakMap<EventBus, OrganizationCache>();

/** The app's organization cache, invalidated across processes through `bus`. */
export function createOrganizationCache(bus: EventBus, log?: EventBusLogger): OrganizationCache {
  const cache = new BusOrganizationCache(bus, log);
  byBus.set(bus, cache);
  return cache;
}

/**
 * The cache of the app `db` belongs to (a root handle or one of its transactions), found
 * through its event bus, for code that is handed a transaction and not the app's deps (the
 * ledger's award hooks); none for a handle without a bus (a script's own database).
 */
export function organizationCacheOf(db: Database): OrganizationCache | undefined {
  const bus = busOf(db);
  return bus ? byBus.get(bus) : undefined;
}
