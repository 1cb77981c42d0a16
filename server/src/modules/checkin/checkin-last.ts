import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { Batcher } from '../../platform/batcher.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { fanLockColumn } from '../profile/fan-accounts.ts';

/** The fan's latest check-in. */
export interface LastCheckin {
  /** YYYY-MM-DD in the organization's time zone. */
  day: string;
  streak: number;
}

/** One caller's read: the fan and its organization. */
interface LastRead {
  organizationId: string;
  userId: string;
}

/** Fans per statement (two parameters each). */
const MAX_READS_PER_QUERY = 500;

/** One batcher per database handle, so two apps in one process (the tests) never share a statement. */
const readers = new WeakMap<Database, Batcher<LastRead, LastCheckin | undefined>>();

/** The fan's latest check-in: one probe of the (user_id, day) index for its day and streak. */
const latestCheckin = (db: Database, v: Record<'organizationId' | 'userId', never>) =>
  db
    .selectFrom('checkins')
    .select(['day', 'streak'])
    .where('organizationId', '=', v.organizationId)
    .where('userId', '=', v.userId)
    .orderBy('day', 'desc')
    .limit(sql.lit(1));

/** The read inside a transaction, compiled once (its SQL never changes, only the ids). */
const lastInTransaction = compiledStatement(['organizationId', 'userId'], latestCheckin);

/**
 * POST /checkin's first statement: takes the fan's row lock (FOR UPDATE, for the rest of the
 * transaction) and reads the fan's latest check-in, one round trip instead of two. The read sees
 * the database as the statement began, before any wait for the lock, so it can miss a check-in
 * that committed while the lock waited: the check-in's own insert is guarded on this very day
 * (`lastDay` in checkin-service.ts) and reads again behind the lock when it was missed.
 */
export async function lockFanAndReadLast(
  trx: Database,
  organizationId: string,
  userId: string,
): Promise<{ fanLocked: boolean; last: LastCheckin | undefined }> {
  const row = (await lockAndLastStatement(trx, { organizationId, userId })).rows[0];
  const last = row?.day != null && row.streak != null ? { day: row.day, streak: row.streak } : undefined;
  return { fanLocked: row?.fanLocked === true, last };
}

const lockAndLastStatement = compiledStatement(['organizationId', 'userId'], (db, v) =>
  db
    .with('fan', (qb) => qb.selectNoFrom([fanLockColumn(db, v.organizationId, v.userId)]))
    .with('lastCheckin', () => latestCheckin(db, v))
    .selectFrom('fan')
    .leftJoin('lastCheckin', (join) => join.onTrue())
    .select(['fan.fanLocked', 'lastCheckin.day', 'lastCheckin.streak']),
);

/**
 * The fan's latest check-in in this organization, or none.
 *
 * Reads on the root handle (GET /checkin) are batched as the fans' own challenge answers are
 * (decision 032's amendments, the `Batcher` of decision 036): while one statement is in flight
 * the reads that arrive wait and the next statement answers them all, each (organization, fan)
 * pair through its own `limit 1` on the (user_id, day) index. A read never joins a statement
 * already sent, so a read that starts after today's check-in committed sees it. Inside a
 * transaction (POST /checkin, after the fan's lock) the read runs alone on it.
 */
export async function lastCheckin(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<LastCheckin | undefined> {
  if (db.isTransaction) return (await lastInTransaction(db, { organizationId, userId })).rows[0];
  let batcher = readers.get(db);
  if (!batcher) {
    batcher = new Batcher((reads) => readLast(db, reads), MAX_READS_PER_QUERY);
    readers.set(db, batcher);
  }
  return batcher.add({ organizationId, userId });
}

const keyOf = (organizationId: string, userId: string) => `${organizationId}/${userId}`;

/** One statement for these reads: a lateral `limit 1` per distinct (organization, fan) pair. */
async function readLast(db: Database, reads: readonly LastRead[]): Promise<(LastCheckin | undefined)[]> {
  const pairs = new Map<string, LastRead>();
  for (const r of reads) pairs.set(keyOf(r.organizationId, r.userId), r);
  const values = sql.join(
    [...pairs.values()].map((r) => sql`(${r.organizationId}::uuid, ${r.userId}::uuid)`),
  );
  const { rows } = await sql<LastCheckin & LastRead>`
    select r.organization_id, r.user_id, c.day, c.streak
    from (values ${values}) as r (organization_id, user_id)
    cross join lateral (
      select day, streak from checkins
      where checkins.organization_id = r.organization_id and checkins.user_id = r.user_id
      order by day desc
      limit 1
    ) c`.execute(db);
  const found = new Map<string, LastCheckin>();
  for (const row of rows)
    found.set(keyOf(row.organizationId, row.userId), { day: row.day, streak: row.streak });
  return reads.map((r) => found.get(keyOf(r.organizationId, r.userId)));
}
