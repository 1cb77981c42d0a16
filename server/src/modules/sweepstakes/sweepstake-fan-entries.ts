import type { Database } from '../../db/engine.ts';
import { Batcher, groupBy } from '../../platform/batcher.ts';

/** The fan's own line in one sweepstake: entries bought and whether the free entry is used. */
export interface OwnEntry {
  count: number;
  entrant: string;
  freeEntryUsed: boolean;
}

/** One caller's read: the fan, its organization and the sweepstakes it lists. */
interface EntriesRead {
  organizationId: string;
  userId: string;
  sweepstakeIds: readonly string[];
}

/** Fans per statement. */
const MAX_READS_PER_QUERY = 200;
/** Bound on a statement's parameters (PostgreSQL takes at most 65,535): a larger batch is split in halves. */
const MAX_PARAMETERS = 10_000;

/** One batcher per database handle, so two apps in one process (the tests) never share a statement. */
const readers = new WeakMap<Database, Batcher<EntriesRead, Map<string, OwnEntry>>>();

/**
 * The fan's entries in `sweepstakeIds` (sweepstake id → its line; none when the fan has not
 * entered): the per-fan half of GET /sweepstake, never cached (decision 032).
 *
 * Reads on the root handle are batched as the fans' own challenge answers are (decision 032's
 * amendments, the `Batcher` of decision 036): while one statement is in flight the reads that
 * arrive wait and the next statement answers them all. A read never joins a statement already
 * sent, so a read that starts after the fan's entry committed sees it. Each read keeps only the
 * rows of its own fan AND organization for its own sweepstakes. Inside a transaction the read
 * runs alone on it.
 */
export async function ownEntries(
  db: Database,
  organizationId: string,
  userId: string,
  sweepstakeIds: readonly string[],
): Promise<Map<string, OwnEntry>> {
  if (sweepstakeIds.length === 0) return new Map();
  const read = { organizationId, userId, sweepstakeIds };
  if (db.isTransaction) return (await readEntries(db, [read]))[0]!;
  let batcher = readers.get(db);
  if (!batcher) {
    batcher = new Batcher((reads) => readEntries(db, reads), MAX_READS_PER_QUERY);
    readers.set(db, batcher);
  }
  return batcher.add(read);
}

/** One statement for these reads: every fan's entries in every read's sweepstakes, split per read. */
async function readEntries(db: Database, reads: readonly EntriesRead[]): Promise<Map<string, OwnEntry>[]> {
  const users = new Set<string>();
  const organizations = new Set<string>();
  const sweepstakes = new Set<string>();
  for (const r of reads) {
    users.add(r.userId);
    organizations.add(r.organizationId);
    for (const id of r.sweepstakeIds) sweepstakes.add(id);
  }
  if (reads.length > 1 && users.size + organizations.size + sweepstakes.size > MAX_PARAMETERS) {
    const half = reads.length >> 1;
    const parts = await Promise.all([
      readEntries(db, reads.slice(0, half)),
      readEntries(db, reads.slice(half)),
    ]);
    return parts.flat();
  }
  const rows = await db
    .selectFrom('sweepstakeEntries as e')
    .leftJoin('sweepstakeFreeEntries as f', (join) =>
      join.onRef('f.sweepstakeId', '=', 'e.sweepstakeId').onRef('f.userId', '=', 'e.userId'),
    )
    .select([
      'e.organizationId',
      'e.userId',
      'e.sweepstakeId',
      'e.count',
      'e.entrant',
      'f.userId as freeUser',
    ])
    .where('e.userId', 'in', [...users])
    .where('e.sweepstakeId', 'in', [...sweepstakes])
    .where('e.organizationId', 'in', [...organizations])
    .execute();
  const rowsOf = groupBy(rows, (row) => row.userId);
  return reads.map((read) => {
    const out = new Map<string, OwnEntry>();
    const own = rowsOf.get(read.userId);
    if (!own) return out;
    // The batch read every fan's entries in every read's sweepstakes: keep this read's own.
    const asked = new Set(read.sweepstakeIds);
    for (const r of own) {
      if (r.organizationId !== read.organizationId || !asked.has(r.sweepstakeId)) continue;
      out.set(r.sweepstakeId, { count: r.count, entrant: r.entrant, freeEntryUsed: r.freeUser !== null });
    }
    return out;
  });
}
