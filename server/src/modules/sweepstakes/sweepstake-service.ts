import { createHmac } from 'node:crypto';
import type {
  Sweepstake,
  SweepstakeFanResult,
  SweepstakeStatus,
  SweepstakeWinner,
} from '@paddock/contracts/api/sweepstakes';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { ExpiringMap } from '../../platform/expiring-map.ts';
import { notFound } from '../../platform/errors.ts';
import { organizationMemory } from '../../platform/organization-memory.ts';
import type { ViewerCall } from '../../platform/service-call.ts';
import { ownEntries } from './sweepstake-fan-entries.ts';
import type { SweepstakesTable } from './sweepstake-tables.ts';

export type SweepstakeRow = Selectable<SweepstakesTable>;

export const fileUrl = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

const DEFAULT_FREE_ENTRY =
  'No purchase or points necessary. Signed-in fans may enter once for free with the "Use my free entry" button on this page; a free entry has the same chance as a paid one.';

export const freeEntryInstructions = (row: Pick<SweepstakeRow, 'freeEntryInstructions'>) =>
  row.freeEntryInstructions.trim() || DEFAULT_FREE_ENTRY;

/** Product §4: live between startsAt and endsAt on the server's clock; a drawn sweepstake has ended. */
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

/** A drawn winner with the claim bookkeeping the public never sees. */
export interface WinnerRow extends SweepstakeWinner {
  userId: string | null;
  claimedAt: Date | null;
  claimName: string | null;
  claimContact: string | null;
}

/** Product §10.6: a winner may claim until drawnAt + claimDays, on the server's clock. */
export function claimDeadline(row: Pick<SweepstakeRow, 'drawnAt' | 'claimDays'>): Date | null {
  return row.drawnAt ? new Date(new Date(row.drawnAt).getTime() + row.claimDays * 86_400_000) : null;
}

/** The fan's own outcome once drawn (won, or "not this time"); null before the draw or without entries. */
function fanResult(row: SweepstakeRow, winners: WinnerRow[], userId: string, entered: boolean) {
  if (!row.drawnAt) return null;
  const mine = winners.find((w) => w.userId === userId);
  if (!mine && !entered) return null;
  const result: SweepstakeFanResult = mine
    ? {
        won: true,
        position: mine.position,
        claimBy: claimDeadline(row)?.toISOString() ?? null,
        claimedAt: mine.claimedAt ? new Date(mine.claimedAt).toISOString() : null,
      }
    : { won: false, position: null, claimBy: null, claimedAt: null };
  return result;
}

function present(
  row: SweepstakeRow,
  now: Date,
  extra: {
    totalEntries: number;
    winners: WinnerRow[];
    fan: FanState | null;
    userId: string | null;
  },
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
    winners: extra.winners.map((w) => ({
      position: w.position,
      entrant: w.entrant,
      displayName: w.displayName,
    })),
    claimInstructions: row.claimInstructions,
    claimDays: row.claimDays,
    userResult:
      extra.fan && extra.userId
        ? fanResult(row, extra.winners, extra.userId, extra.fan.userEntries > 0)
        : null,
    verifyUrl: `/api/sweepstake/${row.id}/verify`,
  };
}

export async function winnersOf(db: Database, sweepstakeIds: string[]) {
  const byId = new Map<string, WinnerRow[]>();
  if (sweepstakeIds.length === 0) return byId;
  const rows = await db
    .selectFrom('sweepstakeWinners')
    .select([
      'sweepstakeId',
      'position',
      'entrant',
      'displayName',
      'userId',
      'claimedAt',
      'claimName',
      'claimContact',
    ])
    .where('sweepstakeId', 'in', sweepstakeIds)
    .orderBy('position')
    .execute();
  for (const { sweepstakeId, ...r } of rows) {
    const list = byId.get(sweepstakeId) ?? [];
    list.push(r);
    byId.set(sweepstakeId, list);
  }
  return byId;
}

type Totals = { totalEntries: number; entrantCount: number };

/**
 * Entry totals are the same for every reader and cost a pass over every entrant, so they are
 * kept for at most a second (decision 032); an entry made in this process drops its
 * sweepstake's totals at once (forgetTotals), so the fan who just entered sees it counted.
 */
const totalsCache = new ExpiringMap<Totals>(1_000);

export function forgetTotals(sweepstakeId: string) {
  totalsCache.delete(sweepstakeId);
}

async function totalsOf(db: Database, sweepstakeIds: string[]) {
  const totals = new Map<string, Totals>();
  const missing: string[] = [];
  for (const id of sweepstakeIds) {
    const hit = totalsCache.get(id);
    if (hit) totals.set(id, hit);
    else missing.push(id);
  }
  if (missing.length === 0) return totals;
  for (const id of missing) totals.set(id, { totalEntries: 0, entrantCount: 0 });
  const rows = await db
    .selectFrom('sweepstakeEntries')
    .select((eb) => [
      'sweepstakeId',
      eb.fn.sum<number>('count').as('totalEntries'),
      eb.fn.countAll<number>().as('entrantCount'),
    ])
    .where('sweepstakeId', 'in', missing)
    .groupBy('sweepstakeId')
    .execute();
  for (const r of rows) {
    totals.set(r.sweepstakeId, {
      totalEntries: Number(r.totalEntries),
      entrantCount: Number(r.entrantCount),
    });
  }
  for (const id of missing) totalsCache.set(id, totals.get(id)!);
  return totals;
}

/**
 * The sweepstake of this organization, or 404. `lock`: FOR SHARE while an entry is written
 * (the draw waits for it), FOR UPDATE for the draw and for edits.
 */
export async function findSweepstake(
  db: Database,
  organizationId: string,
  id: string,
  lock?: 'share' | 'update',
) {
  let query = db
    .selectFrom('sweepstakes')
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', organizationId);
  if (lock === 'share') query = query.forShare();
  if (lock === 'update') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Sweepstake');
  return row;
}

/** An organization's sweepstakes and their drawn winners: the same for every reader. */
interface Shelf {
  rows: SweepstakeRow[];
  winners: Map<string, WinnerRow[]>;
}

/**
 * GET /sweepstake read every row and every winner per request; they change only through an
 * operator's create, edit or draw and a winner's claim, each of which calls
 * `sweepstakesChanged` after it commits (decision 032, platform/organization-memory.ts). The
 * status is still judged against each request's clock, the totals are the 1 s counts above,
 * and the fan's own entries are read per request, never kept.
 */
const shelves = organizationMemory<Shelf>('sweepstakes_changed', async (db, organizationId) => {
  const rows = await db
    .selectFrom('sweepstakes')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .execute();
  return {
    rows,
    winners: await winnersOf(
      db,
      rows.map((r) => r.id),
    ),
  };
});

const sweepstakeShelf = (db: Database, organizationId: string) => shelves.get(db, organizationId);

/** A write to this organization's sweepstakes or winners committed (root handle, after the transaction). */
export function sweepstakesChanged(db: Database, organizationId: string) {
  shelves.changed(db, organizationId);
}

const STATUS_ORDER: Record<SweepstakeStatus, number> = { live: 0, coming_soon: 1, ended: 2 };

/**
 * Sweepstakes with their totals and winners, plus the fan's own state when a fan asks. Live
 * first (ending soonest), then coming soon (starting soonest), then ended (most recent first).
 */
export async function listSweepstakes(call: ViewerCall, onlyId?: string): Promise<Sweepstake[]> {
  const { db, userId, now } = call;
  const shelf = await sweepstakeShelf(db, call.org.id);
  const rows = onlyId ? shelf.rows.filter((r) => r.id === onlyId) : shelf.rows;
  const ids = rows.map((r) => r.id);
  const winners = shelf.winners;
  const [totals, fanEntries] = await Promise.all([
    totalsOf(db, ids),
    userId ? ownEntries(db, call.org.id, userId, ids) : null,
  ]);
  const list = rows.map((row) => {
    const mine = fanEntries?.get(row.id);
    return present(row, now, {
      totalEntries: totals.get(row.id)?.totalEntries ?? 0,
      winners: winners.get(row.id) ?? [],
      userId,
      fan: fanEntries
        ? {
            userEntries: mine?.count ?? 0,
            userEntrant: mine?.entrant ?? null,
            freeEntryUsed: mine?.freeEntryUsed ?? false,
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

export async function getSweepstake(call: ViewerCall, id: string): Promise<Sweepstake> {
  const [one] = await listSweepstakes(call, id);
  if (!one) throw notFound('Sweepstake');
  return one;
}

/** Support's view of a fan's entries: the sweepstake, its title and how many entries, newest first. */
export async function fanEntries(db: Database, organizationId: string, userId: string) {
  const rows = await db
    .selectFrom('sweepstakeEntries as e')
    .innerJoin('sweepstakes as s', 's.id', 'e.sweepstakeId')
    .select(['s.id as sweepstakeId', 's.title as name', 'e.count'])
    .where('e.userId', '=', userId)
    .where('e.organizationId', '=', organizationId)
    .orderBy('s.startsAt', 'desc')
    .execute();
  return rows.map((e) => ({ sweepstakeId: String(e.sweepstakeId), name: e.name, count: Number(e.count) }));
}
