import type { TransactionPage } from '@paddock/contracts/api/profile';
import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
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

/**
 * The fan's ledger, newest first. The cursor is the id of the last row of the previous page;
 * the (created_at, id) order is total, so pages never repeat or skip a row even when several
 * rows share a timestamp (one SQL transaction gives them all the same now()).
 */
export async function listTransactions(
  db: Database,
  organizationId: string,
  userId: string,
  opts: { limit: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  let query = fanLines(db, organizationId, userId);
  if (opts.cursor !== undefined) {
    const anchor = UUID.test(opts.cursor)
      ? await db
          .selectFrom('pointTransactions')
          .select(['id'])
          .where('id', '=', opts.cursor)
          .where('userId', '=', userId)
          .where('organizationId', '=', organizationId)
          .executeTakeFirst()
      : undefined;
    if (!anchor) {
      throw new AppError(400, 'invalid_cursor', 'cursor: is not a cursor from a previous page of yours');
    }
    // Compared in SQL, not through a JS Date, which would drop the microseconds.
    query = query.where(
      sql<boolean>`(t.created_at, t.id) < (select created_at, id from point_transactions where id = ${anchor.id})`,
    );
  }
  const rows = await query
    .orderBy('t.createdAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const page = rows.slice(0, opts.limit);
  return {
    items: page.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    nextCursor: rows.length > opts.limit ? (page.at(-1)?.id ?? null) : null,
  };
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
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
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
