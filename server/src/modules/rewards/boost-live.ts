import type { Database } from '../../db/engine.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import { boostsChanged } from './boost-cache.ts';

/**
 * `boost_changed` (decision 024): queued inside the write's transaction, sent only once it
 * commits (decision 023), carrying the id and state `GET /api/boosts` reads back, never more.
 */

/** Where a boost's window puts it at `now` (decision 006: the server's clock). */
export function boostStatus(row: { startsAt: Date | string; endsAt: Date | string }, now: Date) {
  if (now < new Date(row.startsAt)) return 'upcoming' as const;
  if (now >= new Date(row.endsAt)) return 'ended' as const;
  return 'active' as const;
}

/** The fields of a boost row an announcement needs. */
export interface BoostFacts {
  id: string;
  organizationId: string;
  userId: string | null;
  startsAt: Date | string;
  endsAt: Date | string;
}

/**
 * `boost_changed {boostId, scope, status}`: a personal boost on its fan's channel, an
 * organization boost on `live` (it applies to every fan, and one event beats 100,000 copies).
 * `status` is what `GET /api/boosts` now says of it — active, upcoming, or ended when it no
 * longer applies to this receiver (ended, deleted, or moved to another fan). Every boost write
 * comes through here, so it is also what drops the boosts the awards read from memory.
 */
export function announceBoostChange(trx: Database, boost: BoostFacts, now: Date, gone = false): void {
  boostsChanged(trx, boost.organizationId, boost.userId);
  publishAfterCommit(trx, {
    organizationId: boost.organizationId,
    topic: boost.userId ? `fan:${boost.userId}` : 'live',
    event: 'boost_changed',
    payload: {
      boostId: boost.id,
      scope: boost.userId ? 'personal' : 'organization',
      status: gone ? 'ended' : boostStatus(boost, now),
    },
  });
}

/** An operator's edit: the old receiver hears it is gone when the boost moved to someone else. */
export function announceBoostEdit(trx: Database, before: BoostFacts, after: BoostFacts, now: Date): void {
  if (before.userId !== after.userId) announceBoostChange(trx, before, now, true);
  announceBoostChange(trx, after, now);
}
