import { type RankCode, rankFor } from '@paddock/contracts';
import type { Database } from '../../db/engine.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import type { PostedAward } from '../ledger/ledger-hooks.ts';
import { organizationCacheOf } from './organization-cache.ts';
import { cachedRanks, listRanks } from './organization-service.ts';

/**
 * `rank_changed` on the fan's live channel when an award lifts their lifetime points over a
 * rank's minimum (product §10.1.4: the app celebrates a level-up). Registered with the ledger
 * by the app's root; runs inside the award's transaction, announced after it commits. Answers
 * the step (or null) so the root can hand it on (the offers a new rank unlocks). The ladder
 * comes from the app's organization cache (decision 032), as `GET /user/me` reads it: an
 * operator's ladder change invalidates it on commit, so the next award is judged by the new
 * ladder, and an award costs no ranks query (decision 036).
 */
export async function announceRankChange(
  trx: Database,
  award: PostedAward,
): Promise<{ before: RankCode | null; after: RankCode } | null> {
  const cache = organizationCacheOf(trx);
  const ranks = cache
    ? await cachedRanks(cache, trx, award.organizationId)
    : await listRanks(trx, award.organizationId);
  const before = rankFor(award.previousLifetimePoints, ranks);
  const after = rankFor(award.lifetimePoints, ranks);
  if (!after || before?.code === after.code) return null;
  publishAfterCommit(trx, {
    organizationId: award.organizationId,
    topic: `fan:${award.userId}`,
    event: 'rank_changed',
    payload: {
      rank: { code: after.code, name: after.name },
      previousRank: before ? { code: before.code, name: before.name } : null,
      lifetimePoints: award.lifetimePoints,
    },
  });
  return { before: before?.code ?? null, after: after.code };
}
