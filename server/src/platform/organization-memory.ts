import type { Database } from '../db/engine.ts';
import { busOf, publishAfterCommit } from './events/after-commit.ts';
import { type EventBus, INTERNAL_TOPIC } from './events/event-bus.ts';
import { ExpiringMap } from './expiring-map.ts';

/**
 * Something every reader of one organization shares (its challenge catalogue, its sweepstakes),
 * built from the database and kept in memory until an operator changes it (decision 032).
 *
 * Exactness: the writer calls `changed(db, organizationId)` after its transaction commits:
 * this app drops the entry at once, and a notice on the internal bus topic (decision 016)
 * drops it in every other process. A build that began before a drop answers its callers but
 * is not kept, so rows read before the commit cannot outlive it; `ttlMs` bounds a lost
 * notice. One build per organization runs at a time, so a burst after a drop waits for it.
 * One memory per app, found through its database handle's bus (two apps in one process, the
 * tests, behave as two processes); a handle without a bus builds afresh every time.
 */
export interface OrganizationMemory<T> {
  get(db: Database, organizationId: string): Promise<T>;
  /** On the root handle, after the write's transaction committed (never inside it). */
  changed(db: Database, organizationId: string): void;
}

class Memory<T> {
  private readonly kept: ExpiringMap<T>;
  private readonly building = new Map<string, Promise<T>>();
  /**
   * Bumped by every drop of its organization: a build that began before it is returned but not
   * kept. Per organization, so another team's change (every process hears every team's) does
   * not throw away this one's build.
   */
  private readonly generations = new Map<string, number>();

  constructor(
    ttlMs: number,
    private readonly build: (db: Database, organizationId: string) => Promise<T>,
  ) {
    this.kept = new ExpiringMap<T>(ttlMs, 10_000);
  }

  get(db: Database, organizationId: string): Promise<T> {
    const hit = this.kept.get(organizationId);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.building.get(organizationId);
    if (pending) return pending;
    const generation = this.generationOf(organizationId);
    const done = () => {
      if (this.building.get(organizationId) === load) this.building.delete(organizationId);
    };
    const load = this.build(db, organizationId).then(
      (value) => {
        done();
        if (generation === this.generationOf(organizationId)) this.kept.set(organizationId, value);
        return value;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    this.building.set(organizationId, load);
    return load;
  }

  private generationOf(organizationId: string): number {
    return this.generations.get(organizationId) ?? 0;
  }

  drop(organizationId: string) {
    this.generations.set(organizationId, this.generationOf(organizationId) + 1);
    this.kept.delete(organizationId);
    this.building.delete(organizationId);
  }
}

/** A memory whose bus notice is `event` (unique per memory), built by `build`, kept at most `ttlMs`. */
export function organizationMemory<T>(
  event: string,
  build: (db: Database, organizationId: string) => Promise<T>,
  ttlMs = 5_000,
): OrganizationMemory<T> {
  const byBus = new WeakMap<EventBus, Memory<T>>();
  const memoryOf = (bus: EventBus) => {
    let memory = byBus.get(bus);
    if (!memory) {
      const created = new Memory<T>(ttlMs, build);
      // Subscribed before the first build, so no notice can fall between a build and its use.
      bus.subscribe((notice) => {
        if (notice.topic === INTERNAL_TOPIC && notice.event === event) created.drop(notice.organizationId);
      });
      byBus.set(bus, created);
      memory = created;
    }
    return memory;
  };
  return {
    get(db, organizationId) {
      const bus = busOf(db);
      return bus ? memoryOf(bus).get(db, organizationId) : build(db, organizationId);
    },
    changed(db, organizationId) {
      if (db.isTransaction) throw new Error(`${event}: report a change after its transaction commits`);
      const bus = busOf(db);
      if (bus) byBus.get(bus)?.drop(organizationId);
      publishAfterCommit(db, { organizationId, topic: INTERNAL_TOPIC, event, payload: {} });
    },
  };
}
