/**
 * The demo crowd's dice: a small seeded generator (mulberry32), so every first start and every
 * test sees the same season — the same answers, totals and leaderboard.
 */
export interface SeedRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An index of `weights`, each chosen in proportion to its weight. */
  weighted(weights: readonly number[]): number;
  /** A moment uniformly between two instants (ms). */
  between(from: number, to: number): Date;
}

export function seedRandom(seed: number): SeedRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: SeedRandom = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted(weights) {
      let roll = next() * weights.reduce((a, b) => a + b, 0);
      for (const [i, w] of weights.entries()) {
        roll -= w;
        if (roll < 0) return i;
      }
      return weights.length - 1;
    },
    between: (from, to) => new Date(from + Math.floor(next() * Math.max(0, to - from))),
  };
  return r;
}
