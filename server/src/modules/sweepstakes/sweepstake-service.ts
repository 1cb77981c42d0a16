import { createHmac } from 'node:crypto';
import { calendarDate, isUnderage } from '@paddock/contracts';
import {
  type DrawEntry,
  DRAW_ALGORITHM,
  type Sweepstake,
  type SweepstakeEntryResult,
  type SweepstakeStatus,
  type SweepstakeVerification,
  type SweepstakeWinner,
  verifyDraw,
} from '@paddock/contracts/api/sweepstakes';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import type { SweepstakesTable } from './sweepstake-tables.ts';

export type SweepstakeRow = Selectable<SweepstakesTable>;

export const fileUrl = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

const DEFAULT_FREE_ENTRY =
  'No purchase or points necessary. Signed-in fans may enter once for free with the "Free entry" button on this sweepstake (POST /api/sweepstake/{id}/free-entry); a free entry has the same chance as a paid one.';

export const freeEntryInstructions = (row: Pick<SweepstakeRow, 'freeEntryInstructions'>) =>
  row.freeEntryInstructions.trim() || DEFAULT_FREE_ENTRY;

/** SPEC §4: live between startsAt and endsAt on the server's clock; a drawn sweepstake has ended. */
export function sweepstakeStatus(
  row: Pick<SweepstakeRow, 'startsAt' | 'endsAt' | 'drawnAt'>,
  now: Date,
): SweepstakeStatus {
  if (row.drawnAt || now >= new Date(row.endsAt)) return 'ended';
  if (now < new Date(row.startsAt)) return 'coming_soon';
  return 'live';
}

/**
 * The fan's public, anonymised id in one sweepstake's entry list: an HMAC keyed by the
 * sweepstake's secret seed, so the published list reveals nobody's account and no other
 * secret is needed to derive it, yet each fan can find their own line (GET /sweepstake/{id}
 * returns it as userEntrant). Stored with the entry, never recomputed.
 */
export function entrantId(seed: string, userId: string): string {
  return createHmac('sha256', `sweepstake-entrant:${seed}`).update(userId).digest('hex').slice(0, 24);
}

/** "Alex R.": what the public sees of a winner. */
export function winnerDisplayName(
  user: { firstName: string | null; lastName: string | null; username: string | null } | undefined,
  entrant: string,
): string {
  const first = user?.firstName?.trim();
  const lastInitial = user?.lastName?.trim().charAt(0).toUpperCase();
  if (first) return lastInitial ? `${first} ${lastInitial}.` : first;
  if (user?.username?.trim()) return user.username.trim();
  return `Fan ${entrant.slice(0, 6)}`;
}

interface FanState {
  userEntries: number;
  freeEntryUsed: boolean;
  userEntrant: string | null;
}

function present(
  row: SweepstakeRow,
  now: Date,
  extra: { totalEntries: number; winners: SweepstakeWinner[]; fan: FanState | null },
): Sweepstake {
  const drawn = Boolean(row.drawnAt);
  return {
    sweepstakeId: row.id,
    title: row.title,
    description: row.description,
    prize: row.prize,
    mediaId: row.mediaId,
    imageUrl: fileUrl(row.mediaId),
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    status: sweepstakeStatus(row, now),
    costPerEntry: row.costPerEntry,
    maxEntriesPerFan: row.maxEntriesPerFan,
    eligibleCountries: row.eligibleCountries,
    rulesUrl: fileUrl(row.rulesMediaId),
    freeEntryInstructions: freeEntryInstructions(row),
    userEntries: extra.fan ? extra.fan.userEntries : null,
    userEntrant: extra.fan ? extra.fan.userEntrant : null,
    freeEntryUsed: extra.fan ? extra.fan.freeEntryUsed : null,
    totalEntries: extra.totalEntries,
    winnerCount: row.winnerCount,
    seedHash: row.seedHash,
    // The seed stays secret until the draw (commit–reveal).
    seed: drawn ? row.seed : null,
    entriesHash: drawn ? row.entriesHash : null,
    drawnAt: row.drawnAt ? new Date(row.drawnAt).toISOString() : null,
    winners: extra.winners,
    verifyUrl: `/api/sweepstake/${row.id}/verify`,
  };
}

async function winnersOf(db: Database, sweepstakeIds: string[]) {
  const byId = new Map<string, SweepstakeWinner[]>();
  if (sweepstakeIds.length === 0) return byId;
  const rows = await db
    .selectFrom('sweepstakeWinners')
    .select(['sweepstakeId', 'position', 'entrant', 'displayName'])
    .where('sweepstakeId', 'in', sweepstakeIds)
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const list = byId.get(r.sweepstakeId) ?? [];
    list.push({ position: r.position, entrant: r.entrant, displayName: r.displayName });
    byId.set(r.sweepstakeId, list);
  }
  return byId;
}

async function totalsOf(db: Database, sweepstakeIds: string[]) {
  const totals = new Map<string, { totalEntries: number; entrantCount: number }>();
  if (sweepstakeIds.length === 0) return totals;
  const rows = await db
    .selectFrom('sweepstakeEntries')
    .select((eb) => [
      'sweepstakeId',
      eb.fn.sum<number>('count').as('totalEntries'),
      eb.fn.countAll<number>().as('entrantCount'),
    ])
    .where('sweepstakeId', 'in', sweepstakeIds)
    .groupBy('sweepstakeId')
    .execute();
  for (const r of rows) {
    totals.set(r.sweepstakeId, {
      totalEntries: Number(r.totalEntries),
      entrantCount: Number(r.entrantCount),
    });
  }
  return totals;
}

const STATUS_ORDER: Record<SweepstakeStatus, number> = { live: 0, coming_soon: 1, ended: 2 };

/**
 * Sweepstakes with their totals and winners, plus the fan's own state when a fan asks. Live
 * first (ending soonest), then coming soon (starting soonest), then ended (most recent first).
 */
export async function listSweepstakes(
  db: Database,
  organizationId: string,
  userId: string | null,
  now: Date,
  onlyId?: string,
): Promise<Sweepstake[]> {
  let query = db.selectFrom('sweepstakes').selectAll().where('organizationId', '=', organizationId);
  if (onlyId) query = query.where('id', '=', onlyId);
  const rows = await query.execute();
  const ids = rows.map((r) => r.id);
  const [totals, winners] = await Promise.all([totalsOf(db, ids), winnersOf(db, ids)]);
  const fanRows =
    userId && ids.length > 0
      ? await db
          .selectFrom('sweepstakeEntries as e')
          .leftJoin('sweepstakeFreeEntries as f', (join) =>
            join.onRef('f.sweepstakeId', '=', 'e.sweepstakeId').onRef('f.userId', '=', 'e.userId'),
          )
          .select(['e.sweepstakeId', 'e.count', 'e.entrant', 'f.userId as freeUser'])
          .where('e.userId', '=', userId)
          .where('e.sweepstakeId', 'in', ids)
          .execute()
      : [];
  const fanById = new Map(fanRows.map((r) => [r.sweepstakeId, r]));
  const list = rows.map((row) => {
    const mine = fanById.get(row.id);
    return present(row, now, {
      totalEntries: totals.get(row.id)?.totalEntries ?? 0,
      winners: winners.get(row.id) ?? [],
      fan: userId
        ? {
            userEntries: mine?.count ?? 0,
            userEntrant: mine?.entrant ?? null,
            freeEntryUsed: Boolean(mine?.freeUser),
          }
        : null,
    });
  });
  return list.sort((a, b) => {
    const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    if (byStatus !== 0) return byStatus;
    if (a.status === 'live') return a.endsAt.localeCompare(b.endsAt);
    if (a.status === 'coming_soon') return a.startsAt.localeCompare(b.startsAt);
    return b.endsAt.localeCompare(a.endsAt);
  });
}

export async function getSweepstake(
  db: Database,
  organizationId: string,
  userId: string | null,
  id: string,
  now: Date,
): Promise<Sweepstake> {
  const [one] = await listSweepstakes(db, organizationId, userId, now, id);
  if (!one) throw notFound('Sweepstake');
  return one;
}

/**
 * Who may enter (paid or free, SPEC §5 and the sweepstake's own rules): inside the window, not
 * under 18 in the organization's calendar, and from an eligible country when the sweepstake
 * restricts them. Takes a share lock on the sweepstake row so the draw (which locks it for
 * update) can never freeze the list while an entry is still being written.
 */
async function lockForEntry(trx: Database, org: Organization, userId: string, id: string, now: Date) {
  const row = await trx
    .selectFrom('sweepstakes')
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', org.id)
    .forShare()
    .executeTakeFirst();
  if (!row) throw notFound('Sweepstake');
  const status = sweepstakeStatus(row, now);
  if (status !== 'live') {
    throw unprocessable(
      'sweepstake_not_live',
      status === 'coming_soon' ? 'This sweepstake has not opened yet' : 'This sweepstake has closed',
      { status },
    );
  }
  const fan = await trx
    .selectFrom('users')
    .select(['birthday', 'country'])
    .where('id', '=', userId)
    .where('organizationId', '=', org.id)
    .executeTakeFirstOrThrow();
  if (isUnderage(fan.birthday, calendarDate(now, org.timeZone))) {
    throw unprocessable(
      'underage',
      fan.birthday
        ? 'Sweepstakes are open to fans aged 18 and over'
        : 'Add your date of birth to your profile to enter sweepstakes',
    );
  }
  const countries = row.eligibleCountries;
  if (countries && !countries.includes((fan.country ?? '').toUpperCase())) {
    throw unprocessable(
      'country_not_eligible',
      fan.country
        ? `This sweepstake is open to fans in ${countries.join(', ')} only`
        : 'Add your country to your profile to enter this sweepstake',
      { eligibleCountries: countries },
    );
  }
  return row;
}

function capReached(row: SweepstakeRow, current: number) {
  return unprocessable(
    'entry_cap_reached',
    `You can hold at most ${row.maxEntriesPerFan} entries in this sweepstake (you have ${current})`,
    { maxEntriesPerFan: row.maxEntriesPerFan, userEntries: current },
  );
}

/**
 * Adds entries to the fan's single total row with the cap as part of the same statement: the
 * row lock taken by the upsert serialises a fan's concurrent entries and the guard is
 * re-checked on the locked row, so the cap holds under any concurrency.
 */
async function addEntries(
  trx: Database,
  org: Organization,
  row: SweepstakeRow,
  userId: string,
  entrant: string,
  added: { count: number; free: number; points: number },
) {
  const cap = row.maxEntriesPerFan;
  if (cap !== null && added.count > cap) throw capReached(row, 0);
  const result = await trx
    .insertInto('sweepstakeEntries')
    .values({
      organizationId: org.id,
      sweepstakeId: row.id,
      userId,
      entrant,
      count: added.count,
      freeCount: added.free,
      pointsSpent: added.points,
    })
    .onConflict((oc) =>
      oc
        .columns(['sweepstakeId', 'userId'])
        .doUpdateSet((eb) => ({
          count: eb('sweepstakeEntries.count', '+', added.count),
          freeCount: eb('sweepstakeEntries.freeCount', '+', added.free),
          pointsSpent: eb('sweepstakeEntries.pointsSpent', '+', added.points),
          updatedAt: new Date(),
        }))
        .where((eb) =>
          cap === null ? eb.lit(true) : eb(eb('sweepstakeEntries.count', '+', added.count), '<=', cap),
        ),
    )
    .returning('count')
    .executeTakeFirst();
  if (!result) {
    const current = await trx
      .selectFrom('sweepstakeEntries')
      .select('count')
      .where('sweepstakeId', '=', row.id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    throw capReached(row, current?.count ?? 0);
  }
  return result.count;
}

/** POST /sweepstake/{id}/entry: spends costPerEntry × count in one ledger row, atomically. */
export async function enterSweepstake(
  deps: AppDeps,
  org: Organization,
  userId: string,
  id: string,
  count: number,
): Promise<SweepstakeEntryResult> {
  const now = deps.clock.now();
  return deps.db.transaction().execute((trx) => enterInTransaction(trx, org, userId, id, count, now));
}

/** The paid entry inside the caller's transaction (also used by the demo seed). */
export async function enterInTransaction(
  trx: Database,
  org: Organization,
  userId: string,
  id: string,
  count: number,
  now: Date,
): Promise<SweepstakeEntryResult> {
  const row = await lockForEntry(trx, org, userId, id, now);
  const existing = await trx
    .selectFrom('sweepstakeEntries')
    .select('count')
    .where('sweepstakeId', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  // A friendly early refusal; addEntries re-checks the cap under the row lock.
  if (row.maxEntriesPerFan !== null && (existing?.count ?? 0) + count > row.maxEntriesPerFan) {
    throw capReached(row, existing?.count ?? 0);
  }
  const cost = row.costPerEntry * count;
  const posted = await postPoints(trx, {
    organizationId: org.id,
    userId,
    amount: -cost,
    kind: 'sweepstake_entry',
    reference: row.id,
    description: `${count} ${count === 1 ? 'entry' : 'entries'}: ${row.prize}`,
  });
  const entrant = entrantId(row.seed, userId);
  const total = await addEntries(trx, org, row, userId, entrant, { count, free: 0, points: cost });
  return {
    sweepstakeId: row.id,
    added: count,
    pointsSpent: cost,
    userEntries: total,
    points: posted.points,
  };
}

/**
 * POST /sweepstake/{id}/free-entry: the no-purchase method of entry sweepstake law requires
 * in many places. Same eligibility as a paid entry, once per fan per sweepstake, costs nothing.
 */
export async function enterSweepstakeFree(
  deps: AppDeps,
  org: Organization,
  userId: string,
  id: string,
): Promise<SweepstakeEntryResult> {
  const now = deps.clock.now();
  return deps.db.transaction().execute((trx) => freeEntryInTransaction(trx, org, userId, id, now));
}

/** The free entry inside the caller's transaction (also used by the demo seed). */
export async function freeEntryInTransaction(
  trx: Database,
  org: Organization,
  userId: string,
  id: string,
  now: Date,
): Promise<SweepstakeEntryResult> {
  const row = await lockForEntry(trx, org, userId, id, now);
  const inserted = await trx
    .insertInto('sweepstakeFreeEntries')
    .values({ organizationId: org.id, sweepstakeId: row.id, userId })
    .onConflict((oc) => oc.columns(['sweepstakeId', 'userId']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  if (!inserted) {
    throw unprocessable(
      'free_entry_already_used',
      'You have already used your free entry for this sweepstake',
    );
  }
  const entrant = entrantId(row.seed, userId);
  const total = await addEntries(trx, org, row, userId, entrant, { count: 1, free: 1, points: 0 });
  const fan = await trx
    .selectFrom('users')
    .select('points')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { sweepstakeId: row.id, added: 1, pointsSpent: 0, userEntries: total, points: fan.points };
}

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
 * GET /sweepstake/{id}/verify: the published data and the draw recomputed from it with the
 * shared pure algorithm (contracts/src/sweepstake-draw.ts). Public: anyone may check.
 */
export async function verifySweepstake(
  db: Database,
  organizationId: string,
  id: string,
): Promise<SweepstakeVerification> {
  const row = await db
    .selectFrom('sweepstakes')
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw notFound('Sweepstake');
  const published = await db
    .selectFrom('sweepstakeWinners')
    .select('entrant')
    .where('sweepstakeId', '=', id)
    .orderBy('position')
    .execute();
  const base = {
    sweepstakeId: row.id,
    algorithm: DRAW_ALGORITHM,
    seedHash: row.seedHash,
    publishedWinners: published.map((w) => w.entrant),
  };
  if (!row.drawnAt || !row.entriesHash || !row.frozenEntries) {
    return {
      ...base,
      drawn: false,
      seed: null,
      entriesHash: null,
      entries: [],
      winnerCount: row.winnerCount,
      winners: [],
      checks: { seedMatchesHash: false, entriesMatchHash: false, winnersMatch: false },
      verified: false,
    };
  }
  const entries: DrawEntry[] = row.frozenEntries;
  const result = verifyDraw({
    seedHash: row.seedHash,
    seed: row.seed,
    entriesHash: row.entriesHash,
    entries,
    winnerCount: row.winnerCount,
    winners: base.publishedWinners,
  });
  return {
    ...base,
    drawn: true,
    seed: row.seed,
    entriesHash: row.entriesHash,
    entries: entries.map((e) => ({ entrant: e.entrant, count: e.count })),
    winnerCount: row.winnerCount,
    winners: result.winners,
    checks: result.checks,
    verified: result.verified,
  };
}
