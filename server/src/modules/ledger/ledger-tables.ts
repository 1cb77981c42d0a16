import type { Generated } from 'kysely';

/** One line of a fan's points ledger (decision 005): the only record of points moving. */
export interface PointTransactionsTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  amount: number;
  kind: string;
  reference: string | null;
  description: string;
  onceKey: string | null;
  createdAt: Generated<Date>;
}

export interface LedgerTables {
  pointTransactions: PointTransactionsTable;
}
