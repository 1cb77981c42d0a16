import type { AdminBoost, AdminBoostCreate, AdminBoostUpdate, Boost } from '@paddock/contracts/api/boosts';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../admin/audit.ts';
import type { Database } from '../../db/engine.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { BoostsTable } from './rewards-tables.ts';
import { boostLabel } from './boost-rules.ts';

type BoostRow = Selectable<BoostsTable>;

interface Actor {
  organizationId: string;
  actorUserId: string;
}

function boostStatus(row: Pick<BoostRow, 'startsAt' | 'endsAt'>, now: Date) {
  if (now < new Date(row.startsAt)) return 'upcoming' as const;
  if (now >= new Date(row.endsAt)) return 'ended' as const;
  return 'active' as const;
}

/**
 * GET /boosts: the fan's active and upcoming boosts (the organization's and their own), active
 * first ending soonest — the dashboard shows the first with its countdown.
 */
export async function listFanBoosts(
  db: Database,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<Boost[]> {
  const rows = await db
    .selectFrom('boosts')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]))
    .where('endsAt', '>', now)
    .execute();
  const list = rows.map((r): Boost => {
    const status = boostStatus(r, now) === 'active' ? 'active' : 'upcoming';
    const multiplier = Number(r.multiplier);
    return {
      boostId: r.id,
      name: r.name,
      multiplier,
      earning: r.earning,
      scope: r.userId ? 'personal' : 'organization',
      startsAt: new Date(r.startsAt).toISOString(),
      endsAt: new Date(r.endsAt).toISOString(),
      status,
      label: boostLabel({ name: r.name, multiplier }),
    };
  });
  return list.sort((a, b) => {
    if (a.status !== b.status) return a.status === 'active' ? -1 : 1;
    return a.status === 'active' ? a.endsAt.localeCompare(b.endsAt) : a.startsAt.localeCompare(b.startsAt);
  });
}

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

export async function listAdminBoosts(db: Database, organizationId: string, now: Date) {
  const rows = await db
    .selectFrom('boosts')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('startsAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => presentAdmin(r, now));
}

async function loadBoost(db: Database, organizationId: string, id: string) {
  const row = await db
    .selectFrom('boosts')
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw notFound('Boost');
  return row;
}

export async function getAdminBoost(db: Database, organizationId: string, id: string, now: Date) {
  return presentAdmin(await loadBoost(db, organizationId, id), now);
}

/** A personal boost must name a fan of this organization (another org's id is "not found"). */
async function checkFan(db: Database, organizationId: string, userId: string | null | undefined) {
  if (!userId) return;
  const fan = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!fan) throw unprocessable('fan_not_found', `No fan ${userId} in this organization`);
}

export async function createBoost(deps: AppDeps, actor: Actor, input: AdminBoostCreate) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await checkFan(trx, actor.organizationId, input.userId);
    const row = await trx
      .insertInto('boosts')
      .values({
        organizationId: actor.organizationId,
        name: input.name,
        multiplier: input.multiplier,
        earning: input.earning,
        userId: input.userId ?? null,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = presentAdmin(row, now);
    await writeAudit(trx, { ...actor, action: 'boost.create', targetType: 'boost', targetId: row.id, after });
    return after;
  });
}

export async function updateBoost(deps: AppDeps, actor: Actor, id: string, input: AdminBoostUpdate) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await loadBoost(trx, actor.organizationId, id);
    await checkFan(trx, actor.organizationId, input.userId);
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
      .where('organizationId', '=', actor.organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = presentAdmin(row, now);
    await writeAudit(trx, {
      ...actor,
      action: 'boost.update',
      targetType: 'boost',
      targetId: id,
      before: presentAdmin(before, now),
      after,
    });
    return after;
  });
}

/** Deleting a boost stops it now; awards already paid at the boosted value stay in the ledger. */
export async function deleteBoost(deps: AppDeps, actor: Actor, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await loadBoost(trx, actor.organizationId, id);
    await trx
      .deleteFrom('boosts')
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
    await writeAudit(trx, {
      ...actor,
      action: 'boost.delete',
      targetType: 'boost',
      targetId: id,
      before: presentAdmin(before, now),
    });
  });
}
