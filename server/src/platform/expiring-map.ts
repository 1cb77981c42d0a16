/**
 * A bounded in-memory map whose entries lapse after `ttlMs` (decision 032: what a hot path may
 * keep, and for how long). Time is the process's monotonic clock, not the app clock: a lapse
 * is plumbing, never a business rule.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > performance.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V) {
    if (this.entries.size >= this.maxEntries) {
      const now = performance.now();
      for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, { value, until: performance.now() + this.ttlMs });
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}
