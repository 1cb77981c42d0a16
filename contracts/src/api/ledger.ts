/**
 * The ledger is the only way points move (decision 005); its one refusal reaches the fan through
 * every endpoint that spends points (challenges, sweepstakes, offers).
 */
export const LEDGER_REFUSALS = ['insufficient_points'] as const;
export type LedgerRefusal = (typeof LEDGER_REFUSALS)[number];
