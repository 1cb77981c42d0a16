import { MAX_ENTRIES_PER_CALL } from '@paddock/contracts/api/sweepstakes';

/**
 * The entry count stepper of a sweepstake (product §13.4): how many entries a fan may buy in one go
 * and what they cost. The server enforces the same limits; the client only avoids offering
 * a choice it would refuse.
 */

export interface StepperLimits {
  costPerEntry: number;
  maxEntriesPerFan: number | null;
  userEntries: number | null;
  points: number | null;
}

/** The most entries the fan can still add now: per-call limit, the per-fan cap left. */
export function maxAddable(limits: StepperLimits): number {
  const capLeft =
    limits.maxEntriesPerFan == null
      ? MAX_ENTRIES_PER_CALL
      : Math.max(0, limits.maxEntriesPerFan - (limits.userEntries ?? 0));
  return Math.min(MAX_ENTRIES_PER_CALL, capLeft);
}

/** Keeps a requested count inside 1..maxAddable (0 when nothing can be added). */
export function clampCount(count: number, limits: StepperLimits): number {
  const max = maxAddable(limits);
  if (max === 0) return 0;
  return Math.min(max, Math.max(1, Math.floor(count)));
}

export const totalCost = (count: number, costPerEntry: number) => count * costPerEntry;

/**
 * Whether the fan's balance covers the entries. Shown as a hint only: the button stays usable so
 * the server's 422 insufficient_points answer is what the fan sees (product §8), never a guess.
 */
export function canAfford(count: number, limits: StepperLimits): boolean {
  return limits.points == null || totalCost(count, limits.costPerEntry) <= limits.points;
}
