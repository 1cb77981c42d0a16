import { randomBytes } from 'node:crypto';
import {
  type AdminSweepstake,
  type AdminSweepstakeUpdate,
  type adminSweepstakeCreateSchema,
  hashSeed,
} from '@paddock/contracts/api/sweepstakes';
import type { z } from 'zod';
import { writeAudit } from '../../admin/audit-service.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { assertMedia, noSuchMedia } from '../files/files-service.ts';
import {
  claimDeadline,
  findSweepstake,
  listSweepstakes,
  type SweepstakeRow,
  sweepstakesChanged,
  winnersOf,
} from './sweepstake-service.ts';

export type CreateInput = z.output<typeof adminSweepstakeCreateSchema>;

/** What the audit log may hold of a sweepstake: everything public, never the secret seed. */
export function auditView(row: SweepstakeRow) {
  const { seed: _secret, frozenEntries: _list, ...rest } = row;
  return rest;
}

function assertWindow(startsAt: string | Date, endsAt: string | Date) {
  if (new Date(endsAt) <= new Date(startsAt)) {
    throw unprocessable('invalid_window', 'endsAt must be after startsAt');
  }
}

export async function listAdminSweepstakes(call: OrgCall, onlyId?: string): Promise<AdminSweepstake[]> {
  const [list, extra, claims] = await Promise.all([
    listSweepstakes({ ...call, userId: null }, onlyId),
    call.db
      .selectFrom('sweepstakes as s')
      .leftJoin('sweepstakeEntries as e', 'e.sweepstakeId', 's.id')
      .select((eb) => [
        's.id',
        's.rulesMediaId',
        's.createdAt',
        eb.fn.count<number>('e.userId').as('entrantCount'),
      ])
      .where('s.organizationId', '=', call.org.id)
      .groupBy('s.id')
      .execute(),
    call.db
      .selectFrom('sweepstakes')
      .select(['id', 'drawnAt', 'claimDays'])
      .where('organizationId', '=', call.org.id)
      .execute()
      .then(async (rows) => ({
        rows,
        winners: await winnersOf(
          call.db,
          rows.map((r) => r.id),
        ),
      })),
  ]);
  const byId = new Map(extra.map((r) => [r.id, r]));
  return list.map(({ userEntries: _u, freeEntryUsed: _f, userEntrant: _e, ...s }) => {
    const more = byId.get(s.sweepstakeId);
    return {
      ...s,
      rulesMediaId: more?.rulesMediaId ?? null,
      entrantCount: Number(more?.entrantCount ?? 0),
      createdAt: new Date(more?.createdAt ?? 0).toISOString(),
      winnerClaims: winnerClaims(claims, s.sweepstakeId),
    };
  });
}

/** Product §11.6: each winner with the claim deadline and whether (and how) they claimed. */
function winnerClaims(
  claims: {
    rows: Pick<SweepstakeRow, 'id' | 'drawnAt' | 'claimDays'>[];
    winners: Awaited<ReturnType<typeof winnersOf>>;
  },
  id: string,
) {
  const row = claims.rows.find((r) => r.id === id);
  const deadline = row ? claimDeadline(row) : null;
  if (!deadline) return [];
  return (claims.winners.get(id) ?? []).map((w) => ({
    position: w.position,
    displayName: w.displayName,
    claimBy: deadline.toISOString(),
    claimedAt: w.claimedAt ? new Date(w.claimedAt).toISOString() : null,
    claimName: w.claimName,
    claimContact: w.claimContact,
  }));
}

async function getAdminSweepstake(call: OrgCall, id: string) {
  const [one] = await listAdminSweepstakes(call, id);
  if (!one) throw notFound('Sweepstake');
  return one;
}

/**
 * Creates a sweepstake with its secret seed. Only SHA-256(seed) is published from now on
 * (the commit); the seed itself is revealed with the winners, so the operator cannot pick a
 * seed after seeing the entries.
 */
export async function createSweepstake(call: OperatorCall, input: CreateInput): Promise<AdminSweepstake> {
  const id = await call.db.transaction().execute((trx) => insertSweepstake({ ...call, db: trx }, input));
  sweepstakesChanged(call.db, call.org.id);
  return getAdminSweepstake(call, id);
}

/** The create inside the caller's transaction (also used by the demo seed); returns the id. */
export async function insertSweepstake(call: OperatorCall, input: CreateInput): Promise<string> {
  assertWindow(input.startsAt, input.endsAt);
  await assertMedia(call.db, call.org.id, [input.mediaId, input.rulesMediaId], noSuchMedia);
  const seed = randomBytes(32).toString('hex');
  const row = await call.db
    .insertInto('sweepstakes')
    .values({
      organizationId: call.org.id,
      title: input.title,
      description: input.description,
      prize: input.prize,
      mediaId: input.mediaId,
      rulesMediaId: input.rulesMediaId,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      costPerEntry: input.costPerEntry,
      maxEntriesPerFan: input.maxEntriesPerFan,
      eligibleCountries: input.eligibleCountries === null ? null : JSON.stringify(input.eligibleCountries),
      freeEntryInstructions: input.freeEntryInstructions ?? '',
      winnerCount: input.winnerCount,
      claimInstructions: input.claimInstructions,
      claimDays: input.claimDays,
      seed,
      seedHash: hashSeed(seed),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeAudit(call, {
    action: 'sweepstake.create',
    targetType: 'sweepstake',
    targetId: row.id,
    after: auditView(row),
  });
  return row.id;
}

/** Edits any field until the draw; after it the published data is final (422 already_drawn). */
export async function updateSweepstake(
  call: OperatorCall,
  id: string,
  patch: AdminSweepstakeUpdate,
): Promise<AdminSweepstake> {
  await call.db.transaction().execute(async (trx) => {
    const before = await findSweepstake(trx, call.org.id, id, 'update');
    if (before.drawnAt) throw unprocessable('already_drawn', 'A drawn sweepstake can no longer be edited');
    assertWindow(patch.startsAt ?? before.startsAt, patch.endsAt ?? before.endsAt);
    await assertMedia(trx, call.org.id, [patch.mediaId, patch.rulesMediaId], noSuchMedia);
    const { eligibleCountries, ...rest } = patch;
    const after = await trx
      .updateTable('sweepstakes')
      .set({
        ...rest,
        ...(eligibleCountries === undefined
          ? {}
          : { eligibleCountries: eligibleCountries === null ? null : JSON.stringify(eligibleCountries) }),
        updatedAt: call.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(
      { ...call, db: trx },
      {
        action: 'sweepstake.update',
        targetType: 'sweepstake',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
      },
    );
  });
  sweepstakesChanged(call.db, call.org.id);
  return getAdminSweepstake(call, id);
}
