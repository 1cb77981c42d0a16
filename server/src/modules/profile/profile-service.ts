import { isUnderage, nextRank, rankFor } from '@paddock/contracts';
import type { IdentifyResponse, User as UserResponse, UserUpdate } from '@paddock/contracts/api/profile';
import type { Database } from '../../db/engine.ts';
import type { Organization, UserUpdate as UserRowUpdate } from '../../db/schema.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import type { FileUrlSigner } from '../files/signed-file-urls.ts';
import type { OrganizationCache } from '../organization/organization-cache.ts';
import { cachedRanks } from '../organization/organization-service.ts';
import { accountGone, type FanProfile, findFan, findFanProfile, lockFan } from './fan-accounts.ts';
import { completeProfileIfReady } from './profile-completion.ts';
import { todayIn } from '../../platform/calendar.ts';

/** Product §5/§6: internal users are those whose e-mail is in one of the organization's domains. */
export function isInternalEmail(organization: Organization, email: string | null): boolean {
  const domain = email?.split('@')[1]?.toLowerCase();
  if (!domain) return false;
  return (organization.settings.internalEmailDomains ?? []).some((d) => d.toLowerCase() === domain);
}

function rolesOf(user: FanProfile): string[] {
  const roles = user.appMetadata?.roles;
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}

/** What presenting a fan needs from the app: the avatar's URL signer and the ranks cache. */
export interface PresentDeps {
  fileUrls: FileUrlSigner;
  organizations: OrganizationCache;
}

export async function presentUser(
  db: Database,
  organization: Organization,
  user: FanProfile,
  now: Date,
  { fileUrls, organizations }: PresentDeps,
): Promise<UserResponse> {
  const ranks = await cachedRanks(organizations, db, organization.id);
  const rank = rankFor(user.lifetimePoints, ranks);
  const next = nextRank(user.lifetimePoints, ranks);
  return {
    userId: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    zipCode: user.zipCode,
    country: user.country,
    birthday: user.birthday,
    properties: user.properties ?? {},
    // A signed, expiring URL: the avatar is the fan's own upload (decision 028).
    avatarUrl: fileUrls.privateUrl(organization.id, user.avatarMediaId, now),
    points: user.points,
    lifetimePoints: user.lifetimePoints,
    rank: rank ? { code: rank.code, name: rank.name } : null,
    nextRank: next ? { code: next.rank.code, name: next.rank.name, pointsNeeded: next.pointsNeeded } : null,
    // The organization's calendar decides the birthday, not the server's (decision 006).
    underage: isUnderage(user.birthday, todayIn(organization.timeZone, now)),
    isNewUser: user.onboardedAt === null,
    referralCode: user.referralCode,
    roles: rolesOf(user),
    isInternal: isInternalEmail(organization, user.email),
    leaderboardVisible: user.leaderboardVisible,
    untimedMode: user.untimedMode,
  };
}

export async function getMe(call: FanCall, deps: PresentDeps) {
  const user = await findFanProfile(call.db, call.org.id, call.userId);
  if (!user) throw accountGone();
  return presentUser(call.db, call.org, user, call.now, deps);
}

const invalid = (field: string, message: string) =>
  new AppError(400, 'validation_failed', `Invalid body: ${field}: ${message}`, {
    details: [{ field, message }],
  });

/** Empty strings become null (product §5: empty phoneNumber and birthday are sent as null). */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

/**
 * PATCH /user/me (product §7). Rules the schema cannot check without the clock or the database
 * are checked here: a birthday in the past in the organization's calendar, a free username.
 * The row is locked so the first completion of the profile (and its referral payment)
 * happens exactly once.
 */
export async function updateMe(call: FanCall, patch: UserUpdate, deps: PresentDeps): Promise<UserResponse> {
  const { db, org: organization, userId, now } = call;
  const birthday = blankToNull(patch.birthday);
  if (birthday) {
    const today = todayIn(organization.timeZone, now);
    if (birthday >= today) throw invalid('birthday', 'must be a date in the past');
    if (birthday < '1900-01-01') throw invalid('birthday', 'must be on or after 1900-01-01');
  }

  const user = await db.transaction().execute(async (trx) => {
    const current = await lockFan(trx, organization.id, userId);
    if (!current) throw accountGone();

    if (patch.username) {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('organizationId', '=', organization.id)
        .where((eb) => eb(eb.fn('lower', ['username']), '=', patch.username!.toLowerCase()))
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) throw unprocessable('username_taken', 'This username is already taken; choose another');
    }

    const changes: UserRowUpdate = { updatedAt: now };
    if (patch.username !== undefined) changes.username = patch.username;
    if (patch.firstName !== undefined) changes.firstName = patch.firstName;
    if (patch.lastName !== undefined) changes.lastName = patch.lastName;
    if (patch.phoneNumber !== undefined) changes.phoneNumber = blankToNull(patch.phoneNumber);
    if (patch.zipCode !== undefined) changes.zipCode = blankToNull(patch.zipCode);
    if (patch.birthday !== undefined) changes.birthday = birthday;
    if (patch.country !== undefined) changes.country = patch.country;
    if (patch.leaderboardVisible !== undefined) changes.leaderboardVisible = patch.leaderboardVisible;
    if (patch.untimedMode !== undefined) changes.untimedMode = patch.untimedMode;
    if (patch.properties !== undefined) {
      const merged: Record<string, unknown> = { ...(current.properties ?? {}) };
      for (const [key, value] of Object.entries(patch.properties)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      if (Object.keys(merged).length > 50) throw invalid('properties', 'must have at most 50 keys in all');
      changes.properties = JSON.stringify(merged);
    }
    await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
    await completeProfileIfReady(trx, organization.id, userId, now);
    return trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  });
  return presentUser(db, organization, user, now, deps);
}

/**
 * POST /user/me/identify: keeps the e-mail the fan gave (e.g. in a logged-off flow) against
 * the caller only, for the analytics identity; the sign-in e-mail is never changed here.
 */
export async function identify(call: FanCall, email: string): Promise<IdentifyResponse> {
  const { db, org: organization, userId, now } = call;
  const normalized = email.trim().toLowerCase();
  if (!(await findFan(db, organization.id, userId))) throw notFound('User');
  await db
    .insertInto('fanIdentities')
    .values({ organizationId: organization.id, userId, email: normalized, identifiedAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ email: normalized, identifiedAt: now }))
    .execute();
  return { distinctId: userId, email: normalized, isInternal: isInternalEmail(organization, normalized) };
}

/** Whether timed games run without a clock for this fan (product §10.2.4 item 4); the challenges module asks. */
export async function isUntimed(db: Database, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('untimedMode')
    .where('organizationId', '=', organizationId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.untimedMode ?? false;
}
