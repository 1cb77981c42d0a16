import { expect } from 'vitest';
import type { Database } from '../db/engine.ts';
import { postPoints } from '../modules/ledger/ledger-service.ts';
import type { TestContext, TestFan } from './test-app.ts';

/** Points and sessions as tests set them up and read them back, through the real ledger. */

/**
 * Posts points to a fan outside any product flow (negative: spends them), in its own
 * transaction, like the ledger always does.
 */
export async function fund(
  t: TestContext,
  fan: TestFan,
  amount: number,
  description = 'Test funds',
  kind = 'test',
) {
  await t.db
    .transaction()
    .execute((trx) =>
      postPoints(trx, { organizationId: fan.org.id, userId: fan.user.id, amount, kind, description }),
    );
}

/** The fan's spendable balance as stored. */
export async function balance(t: TestContext, fan: TestFan): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('points')
    .where('id', '=', fan.user.id)
    .executeTakeFirstOrThrow();
  return row.points;
}

/** The fan's ledger lines, oldest first (awards before reversals posted in the same instant). */
export async function ledgerLines(t: TestContext, fan: TestFan) {
  return t.db
    .selectFrom('pointTransactions')
    .select(['amount', 'kind', 'description'])
    .where('userId', '=', fan.user.id)
    .orderBy('createdAt')
    .orderBy('amount', 'desc')
    .execute();
}

/** A fresh session at the test clock's time (moving the clock a day expires the old token). */
export async function signInAgain(t: TestContext, fan: TestFan): Promise<TestFan> {
  const session = await t.deps.tokens.createSession(t.db, fan.user, { amr: 'password' });
  return { ...fan, accessToken: session.access_token, refreshToken: session.refresh_token };
}

/** decision 005's invariant: every fan's ledger sums to the balance; lifetime = positive sum. */
export async function ledgerMismatches(db: Database, organizationId: string) {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('pointTransactions as t', 't.userId', 'u.id')
    .select((eb) => [
      'u.id',
      'u.points',
      'u.lifetimePoints',
      eb.fn.coalesce(eb.fn.sum<number>('t.amount'), eb.lit(0)).as('ledgerSum'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('t.amount', '>', 0).then(eb.ref('t.amount')).else(0).end()),
          eb.lit(0),
        )
        .as('positiveSum'),
    ])
    .where('u.organizationId', '=', organizationId)
    .groupBy('u.id')
    .execute();
  return rows.filter((r) => Number(r.ledgerSum) !== r.points || Number(r.positiveSum) !== r.lifetimePoints);
}

/**
 * decision 005 under a race: every one of the concurrent requests succeeded, exactly one of
 * them paid `points`, and the fan's balance and ledger hold those points once.
 */
export async function expectPaidOnce(
  t: TestContext,
  fan: TestFan,
  results: { statusCode: number; json: () => { pointsAwarded?: number } }[],
  points: number,
) {
  expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
  expect(results.filter((r) => r.json().pointsAwarded === points)).toHaveLength(1);
  expect(await balance(t, fan)).toBe(points);
  expect(await ledgerMismatches(t.db, fan.org.id)).toEqual([]);
}
