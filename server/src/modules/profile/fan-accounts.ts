import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { User } from '../../db/schema.ts';
import { Batcher } from '../../platform/batcher.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The fan's account row as the other modules need it (the profile module owns the users
 * table, db/table-owners.ts): look-ups, the per-fan lock that serialises a fan's actions, and
 * the few writes operators and the CLI make. Every call is scoped by organization.
 */

/** The session outlived its user (deleted account): same answer as no session. */
export const accountGone = () =>
  new AppError(401, 'unauthorized', 'Your account no longer exists; sign in again');

const fanRow = (db: Database, organizationId: string, userId: string) =>
  db.selectFrom('users').selectAll().where('id', '=', userId).where('organizationId', '=', organizationId);

/** The columns `GET /user/me` presents (profile-service.ts presentUser), nothing else. */
export const PROFILE_COLUMNS = [
  'id',
  'email',
  'username',
  'firstName',
  'lastName',
  'phoneNumber',
  'zipCode',
  'country',
  'birthday',
  'properties',
  'avatarMediaId',
  'points',
  'lifetimePoints',
  'onboardedAt',
  'referralCode',
  'appMetadata',
  'leaderboardVisible',
  'untimedMode',
] as const satisfies readonly (keyof User)[];

/** A fan as presented: the columns of PROFILE_COLUMNS. */
export type FanProfile = Pick<User, (typeof PROFILE_COLUMNS)[number]>;

/** One caller's read: the fan and the organization it must belong to. */
interface ProfileRead {
  organizationId: string;
  userId: string;
}

/** Fans per statement (two parameters each). */
const MAX_PROFILE_READS = 500;

/** One batcher per database handle, so two apps in one process (the tests) never share a statement. */
const profileReaders = new WeakMap<Database, Batcher<ProfileRead, FanProfile | undefined>>();

/**
 * The fan's row as the profile presents it: 18 of the table's 32 columns, so the busiest read
 * (GET /user/me) neither fetches the password hash, sign-in timestamps and user metadata nor
 * pays node-postgres and the camel-case mapping to parse them (docs/decisions/032, amendment).
 *
 * Reads on the root handle are batched (decision 032's amendment for the per-fan reads, with the
 * `Batcher` of decision 036): while one statement is in flight the reads that arrive wait, and
 * the next statement answers them all. A read never joins a statement already sent, so a read
 * that starts after a write to the fan's row committed sees it. Each read gets the row whose id
 * AND organization are its own, or nothing. Inside a transaction the read runs alone on it.
 */
export async function findFanProfile(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<FanProfile | undefined> {
  const read = { organizationId, userId };
  if (db.isTransaction) return (await readProfiles(db, [read]))[0];
  let batcher = profileReaders.get(db);
  if (!batcher) {
    batcher = new Batcher((reads) => readProfiles(db, reads), MAX_PROFILE_READS);
    profileReaders.set(db, batcher);
  }
  return batcher.add(read);
}

/** One statement for these reads (`id in (…)`, the primary key), each answered with its own row. */
async function readProfiles(
  db: Database,
  reads: readonly ProfileRead[],
): Promise<(FanProfile | undefined)[]> {
  const ids = new Set<string>();
  const organizations = new Set<string>();
  for (const r of reads) {
    ids.add(r.userId);
    organizations.add(r.organizationId);
  }
  const rows = await db
    .selectFrom('users')
    .select([...PROFILE_COLUMNS, 'organizationId'])
    .where('id', 'in', [...ids])
    .where('organizationId', 'in', [...organizations])
    .execute();
  const byId = new Map<string, (typeof rows)[number]>();
  for (const row of rows) byId.set(row.id, row);
  return reads.map((read) => {
    const row = byId.get(read.userId);
    // Another organization's fan with this id is nobody here.
    return row && row.organizationId === read.organizationId ? row : undefined;
  });
}

export async function findFan(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<User | undefined> {
  return fanRow(db, organizationId, userId).executeTakeFirst();
}

/**
 * The fan's eligibility facts as subqueries another module selects in its own statement, so a
 * check that reads its own row and the fan's costs one round trip, not two (decision 036):
 * `fanFound` tells a missing fan from one without a birthday or country.
 */
export function fanEligibilityColumns(db: Database, organizationId: string, userId: string) {
  const fan = () =>
    db.selectFrom('users').where('users.id', '=', userId).where('users.organizationId', '=', organizationId);
  return [
    fan().select('users.birthday').as('fanBirthday'),
    fan().select('users.country').as('fanCountry'),
    fan().select(sql<boolean>`true`.as('found')).as('fanFound'),
  ] as const;
}

/**
 * Locks the fan's row for the rest of the transaction (FOR UPDATE) and answers it. Every
 * action that reads, then pays or changes a fan takes it first, so two of them for the same
 * fan run one after the other and the second sees the first (answers, check-ins, story views,
 * profile and consent changes).
 */
export async function lockFan(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * `lockFan` for an action that needs only the lock, not the fan's row: true when the fan exists
 * (check-ins, consent changes, story views). Only the id travels back, not the row's thirty-odd
 * columns, and its SQL is compiled once (decision 036).
 */
export async function lockFanOnly(db: Database, organizationId: string, userId: string): Promise<boolean> {
  const { rows } = await lockFanStatement(db, { organizationId, userId });
  return rows.length > 0;
}

const lockFanStatement = compiledStatement(['organizationId', 'userId'], (db, v) =>
  db
    .selectFrom('users')
    .select('id')
    .where('id', '=', v.userId)
    .where('organizationId', '=', v.organizationId)
    .forUpdate(),
);

/**
 * `lockFan` as a column another module selects in its own statement, one round trip fewer
 * (decision 036): locks the fan's row FOR UPDATE for the rest of the transaction when the
 * statement finds its row, and is true when the fan exists. Only for reads that do not depend
 * on the fan's other actions: the statement's own reads see the database as it began, before
 * any wait for the lock; the transaction's later statements see what the lock waited for.
 */
export function fanLockColumn(db: Database, organizationId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(sql<boolean>`true`.as('locked'))
    .where('users.id', '=', userId)
    .where('users.organizationId', '=', organizationId)
    .forUpdate()
    .as('fanLocked');
}

/** The operator roles in app_metadata.roles (read from the database, never from a token). */
export async function fanRoles(db: Database, organizationId: string, userId: string): Promise<string[]> {
  const user = await findFan(db, organizationId, userId);
  return (user?.appMetadata.roles as string[] | undefined) ?? [];
}

/** Names the public may see of these fans (sweepstake winners), by id. */
export async function fanNames(db: Database, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, Pick<User, 'firstName' | 'lastName' | 'username'>>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'username'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Contact columns of these fans for an operator export (claims, entries), by id. */
export async function fanContacts(db: Database, organizationId: string, userIds: string[]) {
  type Contact = Pick<User, 'email' | 'firstName' | 'lastName' | 'country'>;
  if (userIds.length === 0) return new Map<string, Contact>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'country'])
    .where('organizationId', '=', organizationId)
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map<string, Contact>(rows.map((r) => [r.id, r]));
}

/** E-mail addresses of these accounts (the audit log's actors), by id. */
export async function accountEmails(db: Database, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string | null>();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Those of these accounts whose lower-cased e-mail matches a LIKE pattern (the audit log's actor filter). */
export async function accountIdsWithEmailLike(db: Database, userIds: string[], pattern: string) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where((eb) => eb(eb.fn('lower', ['email']), 'like', pattern))
    .execute();
  return rows.map((r) => r.id);
}

/** How many fans (not anonymous sessions) the organization has. */
export async function countFans(db: Database, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('isAnonymous', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many other fans joined with this fan's referral code. */
export async function countReferredBy(db: Database, organizationId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organizationId', '=', organizationId)
    .where('referredBy', '=', userId)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Escapes LIKE wildcards so a search for "100%" finds that text, not everything. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Fan support's search by e-mail, username, name or phone digits; newest first, offset paging. */
export async function searchFans(
  db: Database,
  organizationId: string,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<User[]> {
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
  return query.orderBy('createdAt', 'desc').orderBy('id').limit(limit).offset(offset).execute();
}

/** Sets or clears a ban (GoTrue's banned_until: auth refuses sign-in until then). */
export async function setBannedUntil(
  db: Database,
  organizationId: string,
  userId: string,
  bannedUntil: string | null,
  now: Date,
): Promise<User> {
  return db
    .updateTable('users')
    .set({ bannedUntil, updatedAt: now })
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces app_metadata (where the operator roles live); `now` also stamps updatedAt when given. */
export async function setAppMetadata(
  db: Database,
  organizationId: string,
  userId: string,
  appMetadata: Record<string, unknown>,
  now?: Date,
): Promise<User> {
  return db
    .updateTable('users')
    .set({ appMetadata: JSON.stringify(appMetadata), ...(now ? { updatedAt: now } : {}) })
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The accounts with this e-mail (case-insensitive), in every organization (the admin CLI). */
export async function accountsByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'organizationId', 'appMetadata'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

/** Makes an upload the fan's avatar (the files module checked it is theirs). */
export async function setAvatarMedia(
  db: Database,
  organizationId: string,
  userId: string,
  mediaId: string,
  now: Date,
) {
  await db
    .updateTable('users')
    .set({ avatarMediaId: mediaId, updatedAt: now })
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .execute();
}
