/** Rank codes from entry (P10) to top (P1), product §1 and §9. */
export const RANK_CODES = ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'] as const;
export type RankCode = (typeof RANK_CODES)[number];

export interface Rank {
  code: RankCode;
  name: string;
  /** Lifetime points needed to hold this rank. */
  minPoints: number;
  benefits?: string | null;
}

/**
 * Ranks follow lifetime points (product §10.1), so spending never demotes.
 * Returns the highest rank whose minimum is reached; the entry rank when none is.
 */
export function rankFor(lifetimePoints: number, ranks: readonly Rank[]): Rank | null {
  const sorted = [...ranks].sort((a, b) => a.minPoints - b.minPoints);
  let current: Rank | null = sorted[0] ?? null;
  for (const rank of sorted) if (lifetimePoints >= rank.minPoints) current = rank;
  return current;
}

/** The next rank above the current one and the points still needed; null at the top. */
export function nextRank(
  lifetimePoints: number,
  ranks: readonly Rank[],
): { rank: Rank; pointsNeeded: number } | null {
  const sorted = [...ranks].sort((a, b) => a.minPoints - b.minPoints);
  const next = sorted.find((r) => r.minPoints > lifetimePoints);
  return next ? { rank: next, pointsNeeded: next.minPoints - lifetimePoints } : null;
}

/** Product §4: level-up is flagged when the rank name changes after a user refresh. */
export function isLevelUp(
  previousRankName: string | null | undefined,
  currentRankName: string | null | undefined,
) {
  return Boolean(previousRankName && currentRankName && previousRankName !== currentRankName);
}
