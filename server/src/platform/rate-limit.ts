import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';
import { Batcher } from './batcher.ts';
import { compiledStatement } from './compiled-statement.ts';
import type { Clock } from './clock.ts';

/**
 * Where hit counters live. The in-memory store serves one process; a Redis store (INCR +
 * PEXPIRE on the same key) can implement this interface for several instances.
 */
export interface RateLimitStore {
  /** Counts one hit in the fixed window `windowMs` starting at `windowStart`; returns the count. */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
  /** Releases a connection the store holds (Redis); nothing for the others. */
  close?(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const current = this.windows.get(key);
    if (!current || current.start !== windowStart) {
      this.windows.set(key, { start: windowStart, count: 1 });
      if (this.windows.size > 10_000) this.sweep(windowStart - windowMs);
      return 1;
    }
    current.count += 1;
    return current.count;
  }

  /** Drops counters whose window has passed, so memory stays bounded. */
  private sweep(before: number) {
    for (const [key, w] of this.windows) if (w.start < before) this.windows.delete(key);
  }
}

interface Hit {
  key: string;
  windowStart: number;
}

/**
 * Counters in PostgreSQL, shared by every process on the database (decision 014, decision 016):
 * an upsert per key, the window's count reset when a new window starts. Hits that arrive
 * together are counted in one statement (platform/batcher.ts): a key hit n times adds n, and
 * its callers get the n counts in the order they came.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private readonly hits = new Batcher<Hit, number>((batch) => this.count(batch));

  constructor(private readonly db: Database) {}

  hit(key: string, windowStart: number, _windowMs: number): Promise<number> {
    return this.hits.add({ key, windowStart });
  }

  private async count(batch: Hit[]): Promise<number[]> {
    const results: number[] = [];
    // A statement may name a key once: a key whose window turned over within the batch starts
    // a further statement, run after the first.
    let rest = batch.map((hit, index) => ({ ...hit, index }));
    while (rest.length > 0) {
      const groups = new Map<string, { windowStart: number; indexes: number[] }>();
      const later: typeof rest = [];
      for (const hit of rest) {
        const group = groups.get(hit.key);
        if (!group) groups.set(hit.key, { windowStart: hit.windowStart, indexes: [hit.index] });
        else if (group.windowStart === hit.windowStart) group.indexes.push(hit.index);
        else later.push(hit);
      }
      const counts = await this.upsert(groups);
      for (const [key, { indexes }] of groups) {
        const count = counts.get(key);
        if (count === undefined) throw new Error(`The counter ${key} was not returned`);
        // The statement added indexes.length: the first of them made count − length + 1.
        indexes.forEach((index, i) => {
          results[index] = count - indexes.length + 1 + i;
        });
      }
      rest = later;
    }
    return results;
  }

  private async upsert(groups: Map<string, { windowStart: number; indexes: number[] }>) {
    // In key order: two processes' statements lock shared keys in the same order and cannot
    // deadlock each other.
    const values = [...groups]
      .map(([key, g]) => ({ key, windowStart: g.windowStart, count: g.indexes.length }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const { rows } = await upsertCounters(this.db, {
      keys: values.map((v) => v.key),
      windowStarts: values.map((v) => v.windowStart),
      counts: values.map((v) => v.count),
    });
    return new Map(rows.map((row) => [row.key, row.count]));
  }
}

/**
 * The store's upsert, compiled once: the batch travels as three arrays unnested in their order,
 * so the SQL is the same for any batch and PostgreSQL parses and plans it once per connection
 * (decision 036) instead of once per batch.
 */
const upsertCounters = compiledStatement(['keys', 'windowStarts', 'counts'], (db, v) =>
  db
    .insertInto('rateLimitCounters')
    .columns(['key', 'windowStart', 'count'])
    .expression(
      sql<{
        key: string;
        windowStart: number;
        count: number;
      }>`select * from unnest(${v.keys}::text[], ${v.windowStarts}::bigint[], ${v.counts}::int[])`,
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rateLimitCounters.windowStart', '=', eb.ref('excluded.windowStart'))
          .then(eb('rateLimitCounters.count', '+', eb.ref('excluded.count')))
          .else(eb.ref('excluded.count'))
          .end(),
        windowStart: eb.ref('excluded.windowStart'),
      })),
    )
    .returning(['key', 'count']),
);

/** Counters in Redis when REDIS_URL is set: INCR on the window's key, expiring with it. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'paddock:rl:',
  ) {}

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const name = `${this.prefix}${key}:${windowStart}`;
    const [[, count] = [null, 0]] =
      (await this.redis.multi().incr(name).pexpire(name, windowMs).exec()) ?? [];
    return Number(count);
  }

  async close() {
    this.redis.disconnect();
  }
}

export interface RateLimitRule {
  /** Hits allowed per window (before scaling). */
  limit: number;
  windowMs: number;
}

/** Fixed-window limiter; `scale` multiplies every limit (AUTH_RATE_LIMIT_SCALE). */
export class RateLimiter {
  constructor(
    private readonly clock: Clock,
    private readonly scale = 1,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  /** True when this hit is within the limit. */
  async allow(key: string, rule: RateLimitRule): Promise<boolean> {
    return (await this.check(key, rule)).allowed;
  }

  /** The hit counted, whether it is allowed, and the seconds until the window ends. */
  async check(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % rule.windowMs);
    const count = await this.store.hit(key, windowStart, rule.windowMs);
    return {
      allowed: count <= this.max(rule),
      retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
    };
  }

  /** The rule's limit after scaling (never below one). */
  max(rule: RateLimitRule): number {
    return Math.max(1, Math.floor(rule.limit * this.scale));
  }
}
