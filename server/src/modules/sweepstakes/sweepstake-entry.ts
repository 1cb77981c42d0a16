import { isUnderage } from '@paddock/contracts';
import type { SweepstakeEntryResult } from '@paddock/contracts/api/sweepstakes';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { balanceOf, postPoints } from '../ledger/ledger-service.ts';
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
 * re-checked on the locked row, so the cap holds under any concurrency.
 */
async function addEntries(
  call: FanCall,
  row: SweepstakeRow,
  entrant: string,
  added: { count: number; free: number; points: number },
) {
  const { db: trx, org, userId } = call;
  const cap = row.maxEntriesPerFan;
  if (cap !== null && added.count > cap) throw capReached(row, 0);
  const values = {
    organizationId: org.id,
    sweepstakeId: row.id,
    userId,
    entrant,
    count: added.count,
    freeCount: added.free,
    pointsSpent: added.points,
    updatedAt: new Date(),
    cap,
  };
  const { rows } = await (cap === null ? addEntriesUncapped : addEntriesCapped)(trx, values);
  const result = rows[0];
  if (!result) throw capReached(row, await entriesHeld(call, row.id));
  return result.count;
}

/** addEntries' statement, compiled once per kind of cap (its SQL changes with nothing else). */
function addEntriesStatement(capped: boolean) {
  return compiledStatement(
    [
      'organizationId',
      'sweepstakeId',
      'userId',
      'entrant',
      'count',
      'freeCount',
      'pointsSpent',
      'updatedAt',
      'cap',
    ],
    (db, v) =>
      db
        .insertInto('sweepstakeEntries')
        .values({
          organizationId: v.organizationId,
          sweepstakeId: v.sweepstakeId,
          userId: v.userId,
          entrant: v.entrant,
          count: v.count,
          freeCount: v.freeCount,
          pointsSpent: v.pointsSpent,
        })
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
  );
}
const addEntriesCapped = addEntriesStatement(true);
const addEntriesUncapped = addEntriesStatement(false);

/** POST /sweepstake/{id}/entry: spends costPerEntry × count in one ledger row, atomically. */
export async function enterSweepstake(
  call: FanCall,
  id: string,
  count: number,
): Promise<SweepstakeEntryResult> {
  const result = await call.db
    .transaction()
    .execute((trx) => enterInTransaction({ ...call, db: trx }, id, count));
  forgetTotals(id);
  return result;
}

/** The paid entry inside the caller's transaction (also used by the demo seed). */
export async function enterInTransaction(
  call: FanCall,
  id: string,
  count: number,
): Promise<SweepstakeEntryResult> {
  const { db: trx, org, userId } = call;
  const { row, held } = await lockForEntry(call, id);
  // A friendly early refusal; addEntries re-checks the cap under the row lock.
  if (row.maxEntriesPerFan !== null && held + count > row.maxEntriesPerFan) throw capReached(row, held);
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
  const total = await addEntries(call, row, entrant, { count, free: 0, points: cost });
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
  const total = await addEntries(call, row, entrant, { count: 1, free: 1, points: 0 });
  const { points } = await balanceOf(trx, userId);
  return { sweepstakeId: row.id, added: 1, pointsSpent: 0, userEntries: total, points };
}
