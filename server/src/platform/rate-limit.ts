import type { Clock } from './clock.ts';

/**
 * Where hit counters live. The in-memory store serves one process; a Redis store (INCR +
 * PEXPIRE on the same key) can implement this interface for several instances.
 */
export interface RateLimitStore {
  /** Counts one hit in the fixed window `windowMs` starting at `windowStart`; returns the count. */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
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
    const now = this.clock.now().getTime();
    const windowStart = now - (now % rule.windowMs);
    const count = await this.store.hit(key, windowStart, rule.windowMs);
    return count <= Math.max(1, Math.floor(rule.limit * this.scale));
  }
}
