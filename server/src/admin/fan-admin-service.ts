import { rankFor, type Rank } from '@paddock/contracts';
import type { AdminFanDetail, AdminFanSummary } from '@paddock/contracts/api/admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/engine.ts';
import type { DB, User } from '../db/schema.ts';
import { notFound, unprocessable } from '../platform/errors.ts';
import { postPoints } from '../modules/ledger/ledger-service.ts';
import { writeAudit } from './audit.ts';

/** Offset cursors: operator lists are small and ordered by a stable key, so an offset is enough. */
export const decodeOffset = (cursor: string | undefined) => {
  const n = cursor ? Number.parseInt(cursor, 10) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
};
export const pageResult = <T>(rows: T[], limit: number, offset: number) => ({
  items: rows.slice(0, limit),
  nextCursor: rows.length > limit ? String(offset + limit) : null,
});

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const rolesOf = (user: Pick<User, 'appMetadata'>) =>
  Array.isArray(user.appMetadata?.roles) ? (user.appMetadata.roles as string[]) : [];

export function presentFanSummary(user: User, now: Date): AdminFanSummary {
  return {
    userId: user.id,
    email: user.email,
    phone: user.phone ?? user.phoneNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    points: user.points,
    lifetimePoints: user.lifetimePoints,
    roles: rolesOf(user),
    blocked: Boolean(user.bannedUntil && new Date(user.bannedUntil) > now),
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for "100%" finds that text, not everything. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchFans(
  db: Database,
  organizationId: string,
  q: string | undefined,
  limit: number,
  cursor: string | undefined,
  now: Date,
) {
  const offset = decodeOffset(cursor);
  let query = db
    .selectFrom('users')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('isAnonymous', '=', false);
  if (q) {
    const pattern = `%${likeEscape(q.toLowerCase())}%`;
    const digits = q.replace(/[^0-9]/g, '');
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), 'like', pattern),
        eb(eb.fn('lower', ['username']), 'like', pattern),
        eb(sql<string>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`, 'like', pattern),
        ...(digits.length >= 3
          ? [
              eb(sql<string>`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`, 'like', `%${digits}%`),
              eb(
                sql<string>`regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g')`,
                'like',
                `%${digits}%`,
              ),
            ]
          : []),
      ]),
    );
  }
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const page = pageResult(rows, limit, offset);
  return { items: page.items.map((u) => presentFanSummary(u, now)), nextCursor: page.nextCursor };
}

export async function findFan(db: Kysely<DB>, organizationId: string, userId: string, forUpdate = false) {
  let query = db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId);
  if (forUpdate) query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user) throw notFound('Fan');
  return user;
}

/**
 * Badges and sweepstake entries belong to other domains whose tables may be absent in an older
 * database; a missing table means "none", never a 500 for the whole profile.
 */
async function optionalRows<T>(db: Database, table: string, run: () => Promise<T[]>): Promise<T[]> {
  const exists = await sql<{ t: string | null }>`select to_regclass(${table}) as t`.execute(db);
  if (!exists.rows[0]?.t) return [];
  try {
    return await run();
  } catch {
    return [];
  }
}

export async function fanDetail(
  db: Database,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<AdminFanDetail> {
  const user = await findFan(db, organizationId, userId);
  const ranks = await db
    .selectFrom('ranks')
    .select(['code', 'name', 'minPoints', 'benefits'])
    .where('organizationId', '=', organizationId)
    .execute();
  const rank = rankFor(user.lifetimePoints, ranks as Rank[]);
  const badges = await optionalRows(db, 'user_badges', async () => {
    const r = await sql<{ id: string; name: string; grantedAt: Date | null }>`
      select b.id, b.name, ub.earned_at as granted_at
      from user_badges ub join badges b on b.id = ub.badge_id
      where ub.user_id = ${userId} and ub.organization_id = ${organizationId}
      order by ub.earned_at desc`.execute(db);
    return r.rows.map((b) => ({ id: String(b.id), name: b.name, grantedAt: iso(b.grantedAt) }));
  });
  const entries = await optionalRows(db, 'sweepstake_entries', async () => {
    const r = await sql<{ sweepstakeId: string; name: string; count: number }>`
      select s.id as sweepstake_id, s.title as name, e.count
      from sweepstake_entries e join sweepstakes s on s.id = e.sweepstake_id
      where e.user_id = ${userId} and e.organization_id = ${organizationId}
      order by s.starts_at desc`.execute(db);
    return r.rows.map((e) => ({
      sweepstakeId: String(e.sweepstakeId),
      name: e.name,
      count: Number(e.count),
    }));
  });
  return {
    ...presentFanSummary(user, now),
    birthday: user.birthday,
    country: user.country,
    zipCode: user.zipCode,
    lastSignInAt: iso(user.lastSignInAt),
    bannedUntil: iso(user.bannedUntil),
    rank: rank ? { code: rank.code, name: rank.name } : null,
    badges,
    entries,
  };
}

export async function fanTransactions(
  db: Database,
  organizationId: string,
  userId: string,
  limit: number,
  cursor: string | undefined,
) {
  await findFan(db, organizationId, userId);
  const offset = decodeOffset(cursor);
  const rows = await db
    .selectFrom('pointTransactions')
    .select(['id', 'amount', 'kind', 'reference', 'description', 'createdAt'])
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const page = pageResult(rows, limit, offset);
  return {
    items: page.items.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    nextCursor: page.nextCursor,
  };
}

export interface Actor {
  organizationId: string;
  actorUserId: string;
}

/** Issue 5: a manual correction goes through the ledger like any award, with the reason the fan sees. */
export async function adjustPoints(
  db: Database,
  actor: Actor,
  userId: string,
  amount: number,
  reason: string,
) {
  return db.transaction().execute(async (trx) => {
    const before = await findFan(trx, actor.organizationId, userId, true);
    const result = await postPoints(trx, {
      organizationId: actor.organizationId,
      userId,
      amount,
      kind: 'adjustment',
      reference: null,
      description: reason,
    });
    if (!result.transactionId) throw new Error('An adjustment carries no once-key and always posts');
    await writeAudit(trx, {
      ...actor,
      action: 'fan.adjust_points',
      targetType: 'user',
      targetId: userId,
      before: { points: before.points, lifetimePoints: before.lifetimePoints },
      after: { points: result.points, lifetimePoints: result.lifetimePoints, amount, reason },
    });
    return {
      transactionId: result.transactionId,
      points: result.points,
      lifetimePoints: result.lifetimePoints,
    };
  });
}

/** Far enough ahead to mean "until unblocked"; GoTrue's ban uses the same column. */
const BLOCKED_UNTIL = '9999-12-31T00:00:00Z';

/**
 * Issue 5: a blocked fan cannot sign in (auth refuses banned_until in the future) nor earn
 * (deleting their sessions makes every /api call with their token 401 at once).
 */
export async function setBlocked(db: Database, actor: Actor, userId: string, blocked: boolean, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await findFan(trx, actor.organizationId, userId, true);
    if (blocked && userId === actor.actorUserId) {
      throw unprocessable('cannot_block_self', 'You cannot block your own account');
    }
    const updated = await trx
      .updateTable('users')
      .set({ bannedUntil: blocked ? BLOCKED_UNTIL : null, updatedAt: now })
      .where('id', '=', userId)
      .where('organizationId', '=', actor.organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    let sessionsEnded = 0;
    if (blocked) {
      const deleted = await trx
        .deleteFrom('sessions')
        .where('userId', '=', userId)
        .where('organizationId', '=', actor.organizationId)
        .executeTakeFirst();
      sessionsEnded = Number(deleted.numDeletedRows);
    }
    await writeAudit(trx, {
      ...actor,
      action: blocked ? 'fan.block' : 'fan.unblock',
      targetType: 'user',
      targetId: userId,
      before: { bannedUntil: iso(before.bannedUntil) },
      after: { bannedUntil: iso(updated.bannedUntil), sessionsEnded },
    });
    return presentFanSummary(updated, now);
  });
}

export async function setRoles(db: Database, actor: Actor, userId: string, roles: string[], now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await findFan(trx, actor.organizationId, userId, true);
    const unique = [...new Set(roles)].sort();
    if (userId === actor.actorUserId && !unique.includes('admin')) {
      // An admin removing their own admin role could leave the organization without one.
      throw unprocessable('cannot_demote_self', 'You cannot remove your own admin role');
    }
    const updated = await trx
      .updateTable('users')
      .set({ appMetadata: JSON.stringify({ ...before.appMetadata, roles: unique }), updatedAt: now })
      .where('id', '=', userId)
      .where('organizationId', '=', actor.organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      ...actor,
      action: 'fan.set_roles',
      targetType: 'user',
      targetId: userId,
      before: { roles: rolesOf(before) },
      after: { roles: unique },
    });
    return presentFanSummary(updated, now);
  });
}
