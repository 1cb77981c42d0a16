import { rankFor } from '@paddock/contracts';
import type { Rank, RankCode } from '@paddock/contracts';

export type RungState = 'reached' | 'current' | 'locked';

export interface Rung {
  code: string;
  name: string;
  minPoints: number;
  benefits: string | null;
  state: RungState;
  /** Lifetime points still needed to reach this rank (0 once reached). */
  pointsNeeded: number;
}

/**
 * The rank benefits ladder (/benefits, product §13.4): every rank from the top (P1) down to the entry
 * rank (P10), each marked reached, current or locked for the fan's lifetime points (ranks follow
 * lifetime points, product §10.1). A signed-out or unknown fan (null) sees every rank locked.
 */
export function rankLadder(
  ranks: readonly { code: string; name: string; minPoints: number; benefits?: string | null }[],
  lifetimePoints: number | null,
): Rung[] {
  const current =
    lifetimePoints === null
      ? null
      : rankFor(
          lifetimePoints,
          ranks.map((r) => ({ ...r, code: r.code as RankCode }) as Rank),
        );
  return [...ranks]
    .sort((a, b) => b.minPoints - a.minPoints)
    .map((r) => {
      const reached = lifetimePoints !== null && lifetimePoints >= r.minPoints;
      return {
        code: r.code,
        name: r.name,
        minPoints: r.minPoints,
        benefits: r.benefits ?? null,
        state: current?.code === r.code ? 'current' : reached ? 'reached' : 'locked',
        pointsNeeded: lifetimePoints === null ? r.minPoints : Math.max(0, r.minPoints - lifetimePoints),
      };
    });
}

/** Progress (0–1) from the current rank's minimum to the next rank's. */
export function progressToNext(ladder: readonly Rung[], lifetimePoints: number): number {
  const ascending = [...ladder].sort((a, b) => a.minPoints - b.minPoints);
  const i = ascending.findIndex((r) => r.state === 'current');
  const here = ascending[i];
  const next = ascending[i + 1];
  if (!here || !next) return 1;
  return Math.min(1, Math.max(0, (lifetimePoints - here.minPoints) / (next.minPoints - here.minPoints)));
}
