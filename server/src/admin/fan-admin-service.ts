import { rankFor } from '@paddock/contracts';
import type { AdminFanDetail, AdminFanSummary } from '@paddock/contracts/api/admin';
import { endSessions } from '../auth/sessions.ts';
import type { User } from '../db/schema.ts';
import { notFound, unprocessable } from '../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../platform/service-call.ts';
import { transactionsFrom } from '../modules/ledger/ledger-queries.ts';
import { postPoints } from '../modules/ledger/ledger-service.ts';
import { listRanks } from '../modules/organization/organization-service.ts';
import {
  findFan,
  lockFan,
  searchFans as findFans,
  setAppMetadata,
  setBannedUntil,
} from '../modules/profile/fan-accounts.ts';
import { fanBadges } from '../modules/rewards/badge-records.ts';
import { fanEntries } from '../modules/sweepstakes/sweepstake-service.ts';
import { writeAudit } from './audit-service.ts';
import { decodeOffset, pageResult } from './paging.ts';

/**
 * Fan support (product §11.9): one place where an operator sees and corrects a fan across domains.
 * It owns no table: it composes the profile, ledger, rewards, sweepstakes and auth services.
 */

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

export async function searchFans(
  call: OrgCall,
  q: string | undefined,
  limit: number,
  cursor: string | undefined,
) {
  const offset = decodeOffset(cursor);
  const rows = await findFans(call.db, call.org.id, q, limit + 1, offset);
  const page = pageResult(rows, limit, offset);
  return { items: page.items.map((u) => presentFanSummary(u, call.now)), nextCursor: page.nextCursor };
}

/** The fan of this organization (locked for the rest of the transaction with `lock`); 404 otherwise. */
async function fanOf(call: OrgCall, userId: string, lock = false) {
  const user = await (lock ? lockFan : findFan)(call.db, call.org.id, userId);
  if (!user) throw notFound('Fan');
  return user;
}

/**
 * Badges and sweepstake entries belong to other domains; a failure reading them means "none",
 * never a 500 for the whole profile.
 */
async function optionalRows<T>(run: () => Promise<T[]>): Promise<T[]> {
  try {
    return await run();
  } catch {
    return [];
  }
}

export async function fanDetail(call: OrgCall, userId: string): Promise<AdminFanDetail> {
  const { db, org } = call;
  const user = await fanOf(call, userId);
  const rank = rankFor(user.lifetimePoints, await listRanks(db, org.id));
  const badges = await optionalRows(() => fanBadges(db, org.id, userId));
  const entries = await optionalRows(() => fanEntries(db, org.id, userId));
  return {
    ...presentFanSummary(user, call.now),
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
  call: OrgCall,
  userId: string,
  limit: number,
  cursor: string | undefined,
) {
  await fanOf(call, userId);
  const offset = decodeOffset(cursor);
  return pageResult(await transactionsFrom(call.db, call.org.id, userId, limit + 1, offset), limit, offset);
}

/** Product §11.9: a manual correction goes through the ledger like any award, with the reason the fan sees. */
export async function adjustPoints(call: OperatorCall, userId: string, amount: number, reason: string) {
  return call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const before = await fanOf(trx, userId, true);
    const result = await postPoints(db, {
      organizationId: call.org.id,
      userId,
      amount,
      kind: 'adjustment',
      reference: null,
      description: reason,
    });
    if (!result.transactionId) throw new Error('An adjustment carries no once-key and always posts');
    await writeAudit(trx, {
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
 * Product §11.9: a blocked fan cannot sign in (auth refuses banned_until in the future) nor earn
 * (deleting their sessions makes every /api call with their token 401 at once).
 */
export async function setBlocked(call: OperatorCall, userId: string, blocked: boolean) {
  return call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const before = await fanOf(trx, userId, true);
    if (blocked && userId === call.actorUserId) {
      throw unprocessable('cannot_block_self', 'You cannot block your own account');
    }
    const updated = await setBannedUntil(db, call.org.id, userId, blocked ? BLOCKED_UNTIL : null, call.now);
    const sessionsEnded = blocked ? await endSessions(db, { organizationId: call.org.id, userId }) : 0;
    await writeAudit(trx, {
      action: blocked ? 'fan.block' : 'fan.unblock',
      targetType: 'user',
      targetId: userId,
      before: { bannedUntil: iso(before.bannedUntil) },
      after: { bannedUntil: iso(updated.bannedUntil), sessionsEnded },
    });
    return presentFanSummary(updated, call.now);
  });
}

export async function setRoles(call: OperatorCall, userId: string, roles: string[]) {
  return call.db.transaction().execute(async (db) => {
    const trx = { ...call, db };
    const before = await fanOf(trx, userId, true);
    const unique = [...new Set(roles)].sort();
    if (userId === call.actorUserId && !unique.includes('admin')) {
      // An admin removing their own admin role could leave the organization without one.
      throw unprocessable('cannot_demote_self', 'You cannot remove your own admin role');
    }
    const updated = await setAppMetadata(
      db,
      call.org.id,
      userId,
      { ...before.appMetadata, roles: unique },
      call.now,
    );
    await writeAudit(trx, {
      action: 'fan.set_roles',
      targetType: 'user',
      targetId: userId,
      before: { roles: rolesOf(before) },
      after: { roles: unique },
    });
    return presentFanSummary(updated, call.now);
  });
}
