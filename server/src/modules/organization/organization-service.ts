import type { Rank, RankCode } from '@paddock/contracts';
import type { Database } from '../../db/engine.ts';

/** The organization's ranks from entry (P10) to top (P1). */
export async function listRanks(
  db: Database,
  organizationId: string,
): Promise<(Rank & { benefits: string | null })[]> {
  const rows = await db
    .selectFrom('ranks')
    .select(['code', 'name', 'minPoints', 'benefits'])
    .where('organizationId', '=', organizationId)
    .orderBy('minPoints', 'asc')
    .execute();
  return rows.map((r) => ({ ...r, code: r.code as RankCode }));
}
