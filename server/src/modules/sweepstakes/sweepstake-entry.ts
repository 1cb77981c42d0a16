import { isUnderage } from '@paddock/contracts';
import type { SweepstakeEntryResult } from '@paddock/contracts/api/sweepstakes';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { sql } from 'kysely';
import { commitRefusalColumn, committingFirst } from '../../db/commit-refusal.ts';
import { ledgerPostNotApplied, withLedgerPost } from '../ledger/ledger-ctes.ts';
import { ledgerPostedInStatement } from '../ledger/ledger-service.ts';
import { fanEligibilityColumns } from '../profile/fan-accounts.ts';
import { entrantId, forgetTotals, type SweepstakeRow, sweepstakeStatus } from './sweepstake-service.ts';
import { todayIn } from '../../platform/calendar.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';

/**
 * Who may enter (paid or free, product §5 and the sweepstake's own rules): inside the window, not
 * under 18 in the organization's calendar, and from an eligible country when the sweepstake
 * restricts them. Takes a share lock on the sweepstake row so the draw (which locks it for
 * update) can never freeze the list while an entry is still being written. The sweepstake, the
 * fan's eligibility and the entries they hold are read in one statement (decision 036).
 */
async function lockForEntry(call: FanCall, id: string) {
  const { db: trx, org, userId, now } = call;
  const { rows } = await lockForEntryStatement(trx, { organizationId: org.id, userId, sweepstakeId: id });
  const found = rows[0];
  if (!found) throw notFound('Sweepstake');
  const { fanBirthday, fanCountry, fanFound, held, ...row } = found;
  const status = sweepstakeStatus(row, now);
  if (status !== 'live') {
    throw unprocessable(
      'sweepstake_not_live',
      status === 'coming_soon' ? 'This sweepstake has not opened yet' : 'This sweepstake has closed',
      { status },
    );
  }
  if (!fanFound) throw new Error('The signed-in fan no longer exists');
  if (isUnderage(fanBirthday, todayIn(org.timeZone, now))) {
    throw unprocessable(
      'underage',
      fanBirthday
        ? 'Sweepstakes are open to fans aged 18 and over'
        : 'Add your date of birth to your profile to enter sweepstakes',
    );
  }
  const countries = row.eligibleCountries;
  if (countries && !countries.includes((fanCountry ?? '').toUpperCase())) {
    throw unprocessable(
      'country_not_eligible',
      fanCountry
        ? `This sweepstake is open to fans in ${countries.join(', ')} only`
        : 'Add your country to your profile to enter this sweepstake',
      { eligibleCountries: countries },
    );
  }
  return { row, held: held ?? 0 };
}

/** lockForEntry's statement, compiled once (its SQL never changes, only the ids). */
const lockForEntryStatement = compiledStatement(['organizationId', 'userId', 'sweepstakeId'], (db, v) =>
  db
    .selectFrom('sweepstakes')
    .selectAll('sweepstakes')
    .select((eb) => [
      ...fanEligibilityColumns(db, v.organizationId, v.userId),
      eb
        .selectFrom('sweepstakeEntries')
        .select('sweepstakeEntries.count')
        .where('sweepstakeEntries.sweepstakeId', '=', v.sweepstakeId)
        .where('sweepstakeEntries.userId', '=', v.userId)
        .as('held'),
    ])
    .where('sweepstakes.id', '=', v.sweepstakeId)
    .where('sweepstakes.organizationId', '=', v.organizationId)
    .forShare(),
);

function capReached(row: SweepstakeRow, current: number) {
  return unprocessable(
    'entry_cap_reached',
    `You can hold at most ${row.maxEntriesPerFan} entries in this sweepstake (you have ${current})`,
    { maxEntriesPerFan: row.maxEntriesPerFan, userEntries: current },
  );
}

/** How many entries the fan holds in the sweepstake (0 before their first). */
async function entriesHeld({ db, userId }: FanCall, sweepstakeId: string): Promise<number> {
  const entries = await db
    .selectFrom('sweepstakeEntries')
    .select('count')
    .where('sweepstakeId', '=', sweepstakeId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return entries?.count ?? 0;
}

/**
 * Adds entries to the fan's single total row with the cap as part of the same statement: the
 * row lock taken by the upsert serialises a fan's concurrent entries and the guard is
 * re-checked on the locked row, so the cap holds under any concurrency. Paid entries spend
 * their points in the same statement (decision 039): the ledger's line and the fan's balance
 * change come first, and the entries are added only when the balance covered them. Answers the
 * fan's entries held and balance after.
 */
async function addEntries(
  call: FanCall,
  row: SweepstakeRow,
  entrant: string,
  added: { count: number; free: number; points: number },
  commits = false,
) {
  const { db: trx, org, userId } = call;
  const cap = row.maxEntriesPerFan;
  if (cap !== null && added.count > cap) throw capReached(row, 0);
  const line = {
    organizationId: org.id,
    userId,
    amount: -added.points,
    kind: 'sweepstake_entry',
    reference: row.id,
    description: `${added.count} ${added.count === 1 ? 'entry' : 'entries'}: ${row.prize}`,
  };
  const statement = commits
    ? cap === null
      ? addEntriesUncappedAndCommit
      : addEntriesCappedAndCommit
    : cap === null
      ? addEntriesUncapped
      : addEntriesCapped;
  const { rows } = await statement(trx, {
    ...line,
    onceKey: null,
    sweepstakeId: row.id,
    entrant,
    count: added.count,
    freeCount: added.free,
    pointsSpent: added.points,
    updatedAt: new Date(),
    cap,
  });
  const result = rows[0];
  if (result?.points == null) throw new Error('The signed-in fan no longer exists');
  const written = {
    transactionId: result.transactionId,
    points: result.newPoints,
    lifetimePoints: result.newLifetimePoints,
  };
  // An overdraft is refused here (422 insufficient_points) before the cap is judged.
  const posted = await ledgerPostedInStatement(trx, line, written);
  if (result.count == null) throw capReached(row, await entriesHeld(call, row.id));
  return { total: result.count, points: posted.points ?? result.points };
}

/**
 * addEntries' statement, compiled once per kind of cap (its SQL changes with nothing else). With
 * `commits` it is the entry's last statement and carries the transaction's commit (decision 036,
 * amendment of 2026-12-07): it refuses to commit (db/commit-refusal.ts) when what follows must
 * undo it, a spend the balance did not cover or entries the cap refused.
 */
function addEntriesStatement(capped: boolean, commits: boolean) {
  return compiledStatement(
    [
      'organizationId',
      'userId',
      'amount',
      'kind',
      'reference',
      'description',
      'onceKey',
      'sweepstakeId',
      'entrant',
      'count',
      'freeCount',
      'pointsSpent',
      'updatedAt',
      'cap',
    ],
    (db, v) =>
      withLedgerPost(
        db.with('ledgerAmount', (qb) => qb.selectNoFrom(sql<number>`${v.amount}::int`.as('amount'))),
        v,
      )
        .with('entries', (qb) =>
          qb
            .insertInto('sweepstakeEntries')
            .columns([
              'organizationId',
              'sweepstakeId',
              'userId',
              'entrant',
              'count',
              'freeCount',
              'pointsSpent',
            ])
            .expression((eb) =>
              eb
                .selectFrom('ledgerAmount')
                .select([
                  // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
                  sql<string>`${v.organizationId}::uuid`.as('organizationId'),
                  sql<string>`${v.sweepstakeId}::uuid`.as('sweepstakeId'),
                  sql<string>`${v.userId}::uuid`.as('userId'),
                  sql<string>`${v.entrant}::text`.as('entrant'),
                  sql<number>`${v.count}::int`.as('count'),
                  sql<number>`${v.freeCount}::int`.as('freeCount'),
                  sql<number>`${v.pointsSpent}::int`.as('pointsSpent'),
                ])
                // Free entries post nothing; paid ones only with the points spent.
                .where((w) =>
                  w.or([
                    w('ledgerAmount.amount', '=', sql.lit(0)),
                    w.exists(w.selectFrom('ledgerBalance').select('ledgerBalance.points')),
                  ]),
                ),
            )
            .onConflict((oc) =>
              oc
                .columns(['sweepstakeId', 'userId'])
                .doUpdateSet((eb) => ({
                  count: eb('sweepstakeEntries.count', '+', v.count),
                  freeCount: eb('sweepstakeEntries.freeCount', '+', v.freeCount),
                  pointsSpent: eb('sweepstakeEntries.pointsSpent', '+', v.pointsSpent),
                  updatedAt: v.updatedAt,
                }))
                .where((eb) =>
                  capped ? eb(eb('sweepstakeEntries.count', '+', v.count), '<=', v.cap) : eb.lit(true),
                ),
            )
            .returning('count'),
        )
        .selectNoFrom((eb) => [
          eb.selectFrom('entries').select('entries.count').as('count'),
          eb.selectFrom('ledgerLine').select('ledgerLine.id').as('transactionId'),
          eb.selectFrom('ledgerBalance').select('ledgerBalance.points').as('newPoints'),
          eb.selectFrom('ledgerBalance').select('ledgerBalance.lifetimePoints').as('newLifetimePoints'),
          // The balance of a free entry, which posts nothing.
          eb.selectFrom('ledgerBalanceBefore').select('ledgerBalanceBefore.points').as('points'),
          ...commitRefusalColumn(
            commits,
            () =>
              eb.or([
                ledgerPostNotApplied(eb),
                eb.not(eb.exists(eb.selectFrom('entries').select('entries.count'))),
              ]),
            'a sweepstake entry the balance or the cap refused',
          ),
        ]),
    { commits },
  );
}
const addEntriesCapped = addEntriesStatement(true, false);
const addEntriesUncapped = addEntriesStatement(false, false);
const addEntriesCappedAndCommit = addEntriesStatement(true, true);
const addEntriesUncappedAndCommit = addEntriesStatement(false, true);

/** POST /sweepstake/{id}/entry: spends costPerEntry × count in one ledger row, atomically. */
export async function enterSweepstake(
  call: FanCall,
  id: string,
  count: number,
): Promise<SweepstakeEntryResult> {
  // The entry's statement may carry the commit; when it refuses, the entry runs the long way.
  const result = await committingFirst('sweepstake_entry', (commits) =>
    call.db.transaction().execute((trx) => enterInTransaction({ ...call, db: trx }, id, count, commits)),
  );
  forgetTotals(id);
  return result;
}

/**
 * The paid entry inside the caller's transaction (also used by the demo seed). `commits`: the
 * entry's statement is the transaction's last and may carry its commit.
 */
export async function enterInTransaction(
  call: FanCall,
  id: string,
  count: number,
  commits = false,
): Promise<SweepstakeEntryResult> {
  const { row, held } = await lockForEntry(call, id);
  // A friendly early refusal; addEntries re-checks the cap under the row lock.
  if (row.maxEntriesPerFan !== null && held + count > row.maxEntriesPerFan) throw capReached(row, held);
  const cost = row.costPerEntry * count;
  const entrant = entrantId(row.seed, call.userId);
  const { total, points } = await addEntries(call, row, entrant, { count, free: 0, points: cost }, commits);
  return { sweepstakeId: row.id, added: count, pointsSpent: cost, userEntries: total, points };
}

/**
 * POST /sweepstake/{id}/free-entry: the no-purchase method of entry sweepstake law requires
 * in many places. Same eligibility as a paid entry, once per fan per sweepstake, costs nothing.
 */
export async function enterSweepstakeFree(call: FanCall, id: string): Promise<SweepstakeEntryResult> {
  const result = await call.db
    .transaction()
    .execute((trx) => freeEntryInTransaction({ ...call, db: trx }, id));
  forgetTotals(id);
  return result;
}

/** The free entry inside the caller's transaction (also used by the demo seed). */
export async function freeEntryInTransaction(call: FanCall, id: string): Promise<SweepstakeEntryResult> {
  const { db: trx, org, userId } = call;
  const { row } = await lockForEntry(call, id);
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
  const { total, points } = await addEntries(call, row, entrant, { count: 1, free: 1, points: 0 });
  return { sweepstakeId: row.id, added: 1, pointsSpent: 0, userEntries: total, points };
}
