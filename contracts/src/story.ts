import { RANK_CODES, type RankCode } from './rank.ts';

/** A title such as "P3 Garage tour" is gated to rank P3 (product §5). */
export function rankGateOf(title: string): RankCode | null {
  const match = /^(P10|P[1-9])(?![0-9])/.exec(title.trim());
  return match && (RANK_CODES as readonly string[]).includes(match[1]!) ? (match[1] as RankCode) : null;
}

/** Product §5: a rank-gated story is shown only to a non-underage fan of that rank. */
export function isStoryVisible(title: string, fan: { rankCode: string | null; underage: boolean }): boolean {
  const gate = rankGateOf(title);
  if (!gate) return true;
  return !fan.underage && fan.rankCode === gate;
}

/** Product §5: rank-gated stories and "Save to Home" are never shareable. */
export function isStoryShareable(title: string): boolean {
  return rankGateOf(title) === null && title.trim().toLowerCase() !== 'save to home';
}
