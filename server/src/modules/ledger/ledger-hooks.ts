import type { Database } from '../../db/engine.ts';

/** An award the ledger has just posted, inside the transaction that posts it. */
export interface PostedAward {
  organizationId: string;
  userId: string;
  /** The amount posted (after a boost); positive. */
  amount: number;
  kind: string;
  reference: string | null;
  description: string;
  /** The fan's spendable balance and lifetime points after the award, and lifetime before it. */
  points: number;
  lifetimePoints: number;
  previousLifetimePoints: number;
  /** The server clock's time of the award when the caller gave it (`LedgerEntry.at`). */
  at?: Date | undefined;
}

/** Runs inside the award's transaction; what it announces goes out after commit (decision 023). */
export type AwardHook = (trx: Database, award: PostedAward) => Promise<void>;

const hooks = new Set<AwardHook>();

/**
 * Lets a domain react to every award without the ledger importing it (decision 005): the app's
 * root registers, e.g., the organization's rank-change announcement (a level-up on the fan's
 * live channel). Registering the same hook twice keeps one.
 */
export function onAwardPosted(hook: AwardHook): void {
  hooks.add(hook);
}

export async function runAwardHooks(trx: Database, award: PostedAward): Promise<void> {
  for (const hook of hooks) await hook(trx, award);
}
