import {
  type DrawEntry,
  DRAW_ALGORITHM,
  type SweepstakeVerification,
  verifyDraw,
} from '@paddock/contracts/api/sweepstakes';
import type { OrgCall } from '../../platform/service-call.ts';
import { findSweepstake } from './sweepstake-service.ts';

/**
 * GET /sweepstake/{id}/verify: the published data and the draw recomputed from it with the
 * shared pure algorithm (contracts/src/sweepstake-draw.ts). Public: anyone may check.
 */
export async function verifySweepstake(call: OrgCall, id: string): Promise<SweepstakeVerification> {
  const { db } = call;
  const organizationId = call.org.id;
  const row = await findSweepstake(db, organizationId, id);
  const published = await db
    .selectFrom('sweepstakeWinners')
    .select('entrant')
    .where('sweepstakeId', '=', id)
    .orderBy('position')
    .execute();
  const base = {
    sweepstakeId: row.id,
    algorithm: DRAW_ALGORITHM,
    seedHash: row.seedHash,
    publishedWinners: published.map((w) => w.entrant),
  };
  if (!row.drawnAt || !row.entriesHash || !row.frozenEntries) {
    return {
      ...base,
      drawn: false,
      seed: null,
      entriesHash: null,
      entries: [],
      winnerCount: row.winnerCount,
      winners: [],
      checks: { seedMatchesHash: false, entriesMatchHash: false, winnersMatch: false },
      verified: false,
    };
  }
  const entries: DrawEntry[] = row.frozenEntries;
  const result = verifyDraw({
    seedHash: row.seedHash,
    seed: row.seed,
    entriesHash: row.entriesHash,
    entries,
    winnerCount: row.winnerCount,
    winners: base.publishedWinners,
  });
  return {
    ...base,
    drawn: true,
    seed: row.seed,
    entriesHash: row.entriesHash,
    entries: entries.map((e) => ({ entrant: e.entrant, count: e.count })),
    winnerCount: row.winnerCount,
    winners: result.winners,
    checks: result.checks,
    verified: result.verified,
  };
}
