import type { TransactionPage } from '@paddock/contracts/api/profile';
import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { Batcher } from '../../platform/batcher.ts';
import { AppError } from '../../platform/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINE = ['t.id', 't.amount', 't.kind', 't.reference', 't.description', 't.createdAt'] as const;

function fanLines(db: Database, organizationId: string, userId: string) {
  return db
    .selectFrom('pointTransactions as t')
    .select(LINE)
    .where('t.organizationId', '=', organizationId)
    .where('t.userId', '=', userId);
}

/** A ledger line as the fan's history shows it. */
type Line = TransactionPage['items'][number];

/** A ledger line as read (`createdAt` a Date), presented field by field (no row spread: decision 032). */
const presentLine = (r: {
  id: string;
  amount: number;
  kind: string;
  reference: string | null;
  description: string;
  createdAt: Date | string;
}): Line => ({
  id: r.id,
  amount: r.amount,
  kind: r.kind,
  reference: r.reference,
  description: r.description,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** One caller's first page: the fan, its organization and how many lines (one more than the page). */
interface FirstPageRead {
  organizationId: string;
  userId: string;
  lines: number;
}

type LineRow = Omit<Line, 'createdAt'> & { createdAt: Date };

/** Fans per statement (three parameters each). */
const MAX_READS_PER_QUERY = 200;

/** One batcher per database handle, so two apps in one process (the tests) never share a statement. */
const firstPages = new WeakMap<Database, Batcher<FirstPageRead, Line[]>>();

/**
 * The fan's ledger, newest first. The cursor is the id of the last row of the previous page;
 * the (created_at, id) order is total, so pages never repeat or skip a row even when several
 * rows share a timestamp (one SQL transaction gives them all the same now()).
 *
 * First pages on the root handle are batched (decision 032's amendment for the per-fan reads,
 * the `Batcher` of decision 036): while one statement is in flight the reads that arrive wait,
 * and the next statement answers them all, each (organization, fan) pair through its own
 * lateral `limit` on the (user_id, created_at, id) index. A read never joins a statement already
 * sent, so a read that starts after an award committed sees it. A page after a cursor, and any
 * read inside a transaction, runs alone.
 */
export async function listTransactions(
  db: Database,
  organizationId: string,
  userId: string,
  opts: { limit: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  const rows =
    opts.cursor === undefined
      ? await firstPage(db, { organizationId, userId, lines: opts.limit + 1 })
      : (await pageAfter(db, organizationId, userId, opts.limit, opts.cursor)).map(presentLine);
  const page = rows.slice(0, opts.limit);
  return {
    items: page,
    nextCursor: rows.length > opts.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

async function pageAfter(
  db: Database,
  organizationId: string,
  userId: string,
  limit: number,
  cursor: string,
): Promise<LineRow[]> {
  const anchor = UUID.test(cursor)
    ? await db
        .selectFrom('pointTransactions')
        .select(['id'])
        .where('id', '=', cursor)
        .where('userId', '=', userId)
        .where('organizationId', '=', organizationId)
        .executeTakeFirst()
    : undefined;
  if (!anchor) {
    throw new AppError(400, 'invalid_cursor', 'cursor: is not a cursor from a previous page of yours');
  }
  return (
    fanLines(db, organizationId, userId)
      // Compared in SQL, not through a JS Date, which would drop the microseconds.
      .where(
        sql<boolean>`(t.created_at, t.id) < (select created_at, id from point_transactions where id = ${anchor.id})`,
      )
      .orderBy('t.createdAt', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit + 1)
      .execute()
  );
}

function firstPage(db: Database, read: FirstPageRead): Promise<Line[]> {
  if (db.isTransaction) return readFirstPages(db, [read]).then((pages) => pages[0]!);
  let batcher = firstPages.get(db);
  if (!batcher) {
    batcher = new Batcher((reads) => readFirstPages(db, reads), MAX_READS_PER_QUERY);
    firstPages.set(db, batcher);
  }
  return batcher.add(read);
}

const keyOf = (r: FirstPageRead) => `${r.organizationId}/${r.userId}/${r.lines}`;

/**
 * One statement for these reads: a lateral page per distinct (organization, fan, length), each
 * page one JSON text of its lines already in the API's shape (`createdAt` in UTC with
 * milliseconds, as `Date.toISOString` writes it). One text per fan instead of six fields per
 * line: parsing the rows' fields one by one was most of this read's cost, in the driver and above
 * all in PGlite's protocol parser on the embedded engine (decision 032, amendment "ledger pages as
 * JSON").
 */
async function readFirstPages(db: Database, reads: readonly FirstPageRead[]): Promise<Line[][]> {
  const distinct = new Map<string, FirstPageRead>();
  for (const r of reads) distinct.set(keyOf(r), r);
  const values = sql.join(
    [...distinct.values()].map((r) => sql`(${r.organizationId}::uuid, ${r.userId}::uuid, ${r.lines}::int)`),
  );
  const { rows } = await sql<FirstPageRead & { page: string }>`
    select r.organization_id, r.user_id, r.lines, t.page
    from (values ${values}) as r (organization_id, user_id, lines)
    cross join lateral (
      select coalesce(json_agg(json_build_object(
               'id', l.id, 'amount', l.amount, 'kind', l.kind, 'reference', l.reference,
               'description', l.description,
               'createdAt', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             ) order by l.created_at desc, l.id desc), '[]')::text as page
      from (
        select id, amount, kind, reference, description, created_at from point_transactions
        where point_transactions.organization_id = r.organization_id
          and point_transactions.user_id = r.user_id
        order by created_at desc, id desc
        limit r.lines
      ) l
    ) t`.execute(db);
  const pages = new Map(rows.map((row) => [keyOf(row), row.page]));
  return reads.map((r) => JSON.parse(pages.get(keyOf(r)) ?? '[]') as Line[]);
}

/** One page of a fan's ledger for support (newest first, offset paging like the console's lists). */
export async function transactionsFrom(
  db: Database,
  organizationId: string,
  userId: string,
  limit: number,
  offset: number,
) {
  const rows = await fanLines(db, organizationId, userId)
    .orderBy('t.createdAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(presentLine);
}

/** The sum of a fan's ledger lines that one filter selects (reversals included). */
async function sumOfLines(
  db: Database,
  organizationId: string,
  userId: string,
  filter: { reference: string } | { onceKeyPrefix: string },
) {
  let query = db
    .selectFrom('pointTransactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId);
  query =
    'reference' in filter
      ? query.where('reference', '=', filter.reference)
      : query.where('onceKey', 'like', `${filter.onceKeyPrefix}%`);
  return Number((await query.executeTakeFirstOrThrow()).sum);
}

/** What the fan holds from one object (a challenge…): the sum of its ledger lines, reversals included. */
export const sumForReference = (db: Database, organizationId: string, userId: string, reference: string) =>
  sumOfLines(db, organizationId, userId, { reference });

/** The sum of a fan's once-only awards whose key starts with `prefix` (e.g. referrals paid). */
export const sumByOnceKeyPrefix = (db: Database, organizationId: string, userId: string, prefix: string) =>
  sumOfLines(db, organizationId, userId, { onceKeyPrefix: prefix });

/** A reporting window: calendar days in `timeZone`, rows created in [from, until). */
export interface Window {
  organizationId: string;
  timeZone: string;
  from: Date;
  until: Date;
}

/** Points issued and spent per calendar day (the operator dashboard, product §11.11). */
export async function pointsPerDay(db: Database, w: Window) {
  const result = await sql<{ day: string; issued: number; spent: number }>`
    select to_char((created_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day,
           coalesce(sum(amount) filter (where amount > 0), 0)::int as issued,
           coalesce(-sum(amount) filter (where amount < 0), 0)::int as spent
    from point_transactions
    where organization_id = ${w.organizationId} and created_at >= ${w.from} and created_at < ${w.until}
    group by 1`.execute(db);
  return result.rows;
}

/** (day, fan) of every ledger line in the window: a fragment the dashboard unions with others. */
export const ledgerActivity = (w: Window) => sql`
  select to_char((created_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day, user_id
  from point_transactions
  where organization_id = ${w.organizationId} and created_at >= ${w.from} and created_at < ${w.until}`;
