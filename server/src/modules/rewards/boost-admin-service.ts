import type { AdminBoost, AdminBoostCreate, AdminBoostUpdate } from '@paddock/contracts/api/boosts';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../admin/audit-service.ts';
import type { Database } from '../../db/engine.ts';
import { deleteOrgRow, findOrgRow, listOrgRows } from '../../db/org-rows.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { findFan } from '../profile/fan-accounts.ts';
import { announceBoostChange, announceBoostEdit, boostStatus } from './boost-live.ts';
import type { BoostsTable } from './rewards-tables.ts';

type BoostRow = Selectable<BoostsTable>;

function presentAdmin(r: BoostRow, now: Date): AdminBoost {
  return {
    boostId: r.id,
    name: r.name,
    multiplier: Number(r.multiplier),
    earning: r.earning,
    userId: r.userId,
    badgeId: r.badgeId,
    startsAt: new Date(r.startsAt).toISOString(),
    endsAt: new Date(r.endsAt).toISOString(),
    status: boostStatus(r, now),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

export async function listAdminBoosts(call: OrgCall) {
  const rows = await listOrgRows(call.db, 'boosts', call.org.id, 'startsAt', { thenById: true });
  return rows.map((r) => presentAdmin(r, call.now));
}

async function loadBoost(db: Database, organizationId: string, id: string) {
  const row = await findOrgRow(db, 'boosts', organizationId, id);
  if (!row) throw notFound('Boost');
  return row;
}

export async function getAdminBoost(call: OrgCall, id: string) {
  return presentAdmin(await loadBoost(call.db, call.org.id, id), call.now);
}

/** A personal boost must name a fan of this organization (another org's id is "not found"). */
async function checkFan(db: Database, organizationId: string, userId: string | null | undefined) {
  if (!userId) return;
  if (!(await findFan(db, organizationId, userId))) {
    throw unprocessable('fan_not_found', `No fan ${userId} in this organization`);
  }
}

export async function createBoost(call: OperatorCall, input: AdminBoostCreate) {
  return call.db.transaction().execute(async (trx) => {
    await checkFan(trx, call.org.id, input.userId);
    const row = await trx
      .insertInto('boosts')
      .values({
        organizationId: call.org.id,
        name: input.name,
        multiplier: input.multiplier,
        earning: input.earning,
        userId: input.userId ?? null,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = presentAdmin(row, call.now);
    announceBoostChange(trx, row, call.now);
    await writeAudit(
      { ...call, db: trx },
      { action: 'boost.create', targetType: 'boost', targetId: row.id, after },
    );
    return after;
  });
}

export async function updateBoost(call: OperatorCall, id: string, input: AdminBoostUpdate) {
  const { now } = call;
  return call.db.transaction().execute(async (trx) => {
    const before = await loadBoost(trx, call.org.id, id);
    await checkFan(trx, call.org.id, input.userId);
    const startsAt = new Date(input.startsAt ?? before.startsAt);
    const endsAt = new Date(input.endsAt ?? before.endsAt);
    if (endsAt <= startsAt) throw unprocessable('invalid_window', 'endsAt must be after startsAt');
    const row = await trx
      .updateTable('boosts')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.multiplier !== undefined && { multiplier: input.multiplier }),
        ...(input.earning !== undefined && { earning: input.earning }),
        ...(input.userId !== undefined && { userId: input.userId }),
        startsAt,
        endsAt,
        updatedAt: now,
      })
      .where('id', '=', id)
      .where('organizationId', '=', call.org.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = presentAdmin(row, now);
    announceBoostEdit(trx, before, row, now);
    await writeAudit(
      { ...call, db: trx },
      { action: 'boost.update', targetType: 'boost', targetId: id, before: presentAdmin(before, now), after },
    );
    return after;
  });
}

/** Deleting a boost stops it now; awards already paid at the boosted value stay in the ledger. */
export async function deleteBoost(call: OperatorCall, id: string) {
  await call.db.transaction().execute(async (trx) => {
    const before = await loadBoost(trx, call.org.id, id);
    await deleteOrgRow(trx, 'boosts', call.org.id, id);
    announceBoostChange(trx, before, call.now, true);
    await writeAudit(
      { ...call, db: trx },
      { action: 'boost.delete', targetType: 'boost', targetId: id, before: presentAdmin(before, call.now) },
    );
  });
}
