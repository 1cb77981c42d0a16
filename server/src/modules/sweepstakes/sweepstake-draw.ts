import {
  canonicalEntries,
  drawWinners,
  hashEntries,
  type SweepstakeVerification,
} from '@paddock/contracts/api/sweepstakes';
import { writeAudit } from '../../admin/audit-service.ts';
import type { Database } from '../../db/engine.ts';
import { unprocessable } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import type { OperatorCall } from '../../platform/service-call.ts';
import { fanNames } from '../profile/fan-accounts.ts';
import { findSweepstake, sweepstakesChanged, winnerDisplayName } from './sweepstake-service.ts';
import { verifySweepstake } from './sweepstake-verify.ts';

/** The entry list as it stands (for the draw): every fan with at least one entry. */
export async function currentEntries(trx: Database, sweepstakeId: string) {
  return trx
    .selectFrom('sweepstakeEntries')
    .select(['userId', 'entrant', 'count', 'freeCount', 'pointsSpent'])
    .where('sweepstakeId', '=', sweepstakeId)
    .where('count', '>', 0)
    .execute();
}

/**
 * The draw: after endsAt, freeze the entry list (canonical order, SHA-256 published), pick
 * `winners` distinct fans weighted by entries with the shared deterministic algorithm, store
 * them and reveal the seed. The row lock (FOR UPDATE) waits for entries still in flight (they
 * hold FOR SHARE) and makes a second draw see drawn_at: 422 already_drawn.
 */
export async function drawSweepstake(
  call: OperatorCall,
  id: string,
  winnerCount: number,
): Promise<SweepstakeVerification> {
  await call.db.transaction().execute((trx) => drawInTransaction({ ...call, db: trx }, id, winnerCount));
  sweepstakesChanged(call.db, call.org.id);
  return verifySweepstake(call, id);
}

/** The draw inside the caller's transaction (also used by the demo seed). */
export async function drawInTransaction(call: OperatorCall, id: string, winnerCount: number): Promise<void> {
  const { db: trx, now } = call;
  const organizationId = call.org.id;
  const row = await findSweepstake(trx, organizationId, id, 'update');
  if (row.drawnAt) throw unprocessable('already_drawn', 'This sweepstake has already been drawn');
  if (now < new Date(row.endsAt)) {
    throw unprocessable('sweepstake_not_ended', 'Winners can be drawn only after the sweepstake ends');
  }
  // Fans on the sweepstake screen refetch it and see the winners (decision 012); after commit.
  publishAfterCommit(trx, {
    organizationId,
    topic: 'live',
    event: 'sweepstake_drawn',
    payload: { sweepstakeId: id },
  });
  const rows = await currentEntries(trx, id);
  const entries = canonicalEntries(rows.map((r) => ({ entrant: r.entrant, count: r.count })));
  const entriesHash = hashEntries(entries);
  const winners = drawWinners(row.seed, entriesHash, entries, winnerCount);
  const userByEntrant = new Map(rows.map((r) => [r.entrant, r.userId]));
  const names = await fanNames(
    trx,
    winners.map((w) => userByEntrant.get(w) as string),
  );
  if (winners.length > 0) {
    await trx
      .insertInto('sweepstakeWinners')
      .values(
        winners.map((entrant, i) => {
          const userId = userByEntrant.get(entrant) ?? null;
          return {
            organizationId,
            sweepstakeId: id,
            position: i + 1,
            userId,
            entrant,
            displayName: winnerDisplayName(userId ? names.get(userId) : undefined, entrant),
          };
        }),
      )
      .execute();
  }
  await trx
    .updateTable('sweepstakes')
    .set({
      frozenEntries: JSON.stringify(entries),
      entriesHash,
      winnerCount,
      drawnAt: now,
      drawnBy: call.actorUserId,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
  await writeAudit(call, {
    action: 'sweepstake.draw',
    targetType: 'sweepstake',
    targetId: id,
    after: { entriesHash, entrants: entries.length, winnerCount, winners },
  });
}
