import type { Database } from '../../db/engine.ts';
import type { BoostEarning } from './rewards-tables.ts';
import { afterCommit, busOf } from '../../platform/events/after-commit.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';

/**
 * The organization's boosts that have not ended, kept in memory so an award does not read the
 * boosts table (decisions 032, 036). Only the list is cached, never the verdict: each award
 * still judges every window against its own `at` (the server's clock), so a boost that ended a
 * moment ago no longer multiplies and one that starts now does. Every boost write announces
 * `boost_changed` (boost-live.ts); that drops the entry in this process once the write commits,
 * and in every other process when the event arrives over the bus (decision 016). The TTL is the
 * bound when an event is lost (a bus connection reconnecting), as for the organization cache.
 */
export const BOOST_CACHE_TTL_MS = 5_000;
/** An organization with more live boosts than this (personal ones from badges) is not cached. */
const MAX_CACHED_BOOSTS = 5_000;
/** The bus event every boost write announces (boost-live.ts). */
const BOOST_CHANGED = 'boost_changed';

export interface BoostWindow {
  id: string;
  name: string;
  multiplier: number;
  earning: BoostEarning;
  userId: string | null;
  startsAt: Date;
  endsAt: Date;
}

interface Entry {
  /** The server-clock instant the list was read for: boosts ended by then are not in it. */
  from: number;
  /** performance.now() deadline. */
  until: number;
  /** null: too many to keep; lookups read the database until the entry lapses. */
  boosts: BoostWindow[] | null;
  /** Fans whose personal boosts changed since the load: their lookups read the database. */
  stale: Set<string>;
}

class BoostCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change: a load that began before it is answered but not kept. */
  private generation = 0;

  constructor(bus: EventBus) {
    bus.subscribe((event) => {
      if (event.event !== BOOST_CHANGED) return;
      const userId = event.topic.startsWith('fan:') ? event.topic.slice('fan:'.length) : null;
      this.changed(event.organizationId, userId);
    });
  }

  /**
   * The boosts that may apply to this fan's award at `at`, or null when the database must be
   * asked (a change to this fan's boosts not yet reloaded, a clock before the list's, too many).
   */
  async candidates(trx: Database, organizationId: string, userId: string, at: Date) {
    let entry = this.entries.get(organizationId);
    if (!entry || entry.until <= performance.now() || at.getTime() < entry.from) {
      entry = await this.load(trx, organizationId, at);
    }
    if (!entry.boosts || entry.stale.has(userId)) return null;
    return entry.boosts.filter((b) => b.userId === null || b.userId === userId);
  }

  /** Drops what a boost write makes stale: an organization boost, the whole list; a personal one, its fan's. */
  changed(organizationId: string, userId: string | null) {
    this.generation += 1;
    const entry = this.entries.get(organizationId);
    if (!entry) return;
    if (userId === null) this.entries.delete(organizationId);
    else entry.stale.add(userId);
  }

  private async load(trx: Database, organizationId: string, at: Date): Promise<Entry> {
    const generation = this.generation;
    const rows = await trx
      .selectFrom('boosts')
      .select(['id', 'name', 'multiplier', 'earning', 'userId', 'startsAt', 'endsAt'])
      .where('organizationId', '=', organizationId)
      .where('endsAt', '>', at)
      .limit(MAX_CACHED_BOOSTS + 1)
      .execute();
    const entry: Entry = {
      from: at.getTime(),
      until: performance.now() + BOOST_CACHE_TTL_MS,
      boosts:
        rows.length > MAX_CACHED_BOOSTS
          ? null
          : rows.map((r) => ({
              ...r,
              multiplier: Number(r.multiplier),
              startsAt: new Date(r.startsAt),
              endsAt: new Date(r.endsAt),
            })),
      stale: new Set(),
    };
    if (generation === this.generation) this.entries.set(organizationId, entry);
    return entry;
  }
}

const byBus = new WeakMap<EventBus, BoostCache>();
/** Transactions that wrote boosts: their own lookups read the database, which sees the write. */
const writers = new WeakSet<object>();

/** The boost cache of the app `db` belongs to; none for a handle without a bus (a script's). */
function cacheOf(db: Database): BoostCache | undefined {
  const bus = busOf(db);
  if (!bus) return undefined;
  let cache = byBus.get(bus);
  if (!cache) {
    cache = new BoostCache(bus);
    byBus.set(bus, cache);
  }
  return cache;
}

/** The candidate boosts for one award from memory, or null when the database must be asked. */
export async function cachedBoosts(
  trx: Database,
  q: { organizationId: string; userId: string; at: Date },
): Promise<BoostWindow[] | null> {
  if (writers.has(trx)) return null;
  const cache = cacheOf(trx);
  return cache ? cache.candidates(trx, q.organizationId, q.userId, q.at) : null;
}

/**
 * A boost of this organization (and fan, for a personal one) is being written in `trx`: the
 * transaction's own lookups read the database from now on, and this process's entry is dropped
 * now and again once the write commits (a load in between could have read the old rows).
 */
export function boostsChanged(trx: Database, organizationId: string, userId: string | null): void {
  writers.add(trx);
  const cache = cacheOf(trx);
  if (!cache) return;
  cache.changed(organizationId, userId);
  afterCommit(trx, () => cache.changed(organizationId, userId));
}
