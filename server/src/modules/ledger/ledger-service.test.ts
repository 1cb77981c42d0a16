import { describe, expect, it } from 'vitest';
import { createFan, createOrg, onRealPostgres, useTestApp } from '../../test/test-app.ts';
import { ledgerMismatches } from '../../test/points.ts';
import { sql } from 'kysely';
import { boostedAmountSql } from './ledger-ctes.ts';
import { boostedAmount, postPoints } from './ledger-service.ts';

const t = useTestApp();

describe('postPoints', () => {
  it('pays a once-only award exactly once and keeps the ledger equal to the balance', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const entry = {
      organizationId: org.id,
      userId: fan.user.id,
      amount: 25,
      kind: 'test',
      description: 'Test award',
      onceKey: 'award:1',
    };
    const first = await t.db.transaction().execute((trx) => postPoints(trx, entry));
    const second = await t.db.transaction().execute((trx) => postPoints(trx, entry));
    expect(first).toMatchObject({ applied: true, points: 25, lifetimePoints: 25 });
    expect(second).toMatchObject({ applied: false, points: 25 });
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  // On the run's shared PostgreSQL database other files' fans fill and free pages of users at the
  // same time, so which page a batch lands on is not this test's to choose; the file's own PGlite
  // database has only its own fans. The setting is the same on both engines (migration 0023).
  it.skipIf(onRealPostgres)(
    "keeps each fan's new balance on the fan's own page of users (decision 041: no index entries per award)",
    async () => {
      const org = await createOrg(t);
      // Fans as a sign-up batch writes them: packed as full as the table allows, never updated yet.
      const inserted = await sql<{ id: string; page: number }>`
        insert into users (organization_id, email, referral_code, birthday)
        select ${org.id}, 'page-fan-' || g || '@example.com', 'PAGE' || g || ${org.id.slice(0, 8)}, '1990-01-01'
        from generate_series(1, 120) g
        returning id, (ctid::text::point)[0]::int as page`.execute(t.db);
      const pageOf = async () => {
        const rows = await sql<{ id: string; page: number }>`
          select id, (ctid::text::point)[0]::int as page from users where organization_id = ${org.id}`.execute(
          t.db,
        );
        return new Map(rows.rows.map((r) => [r.id, r.page]));
      };
      // The page holding most of the batch: one it filled (the batch's last may have room left over).
      const last = inserted.rows.at(-1)!.page;
      const counts = new Map<number, number>();
      for (const r of inserted.rows) if (r.page !== last) counts.set(r.page, (counts.get(r.page) ?? 0) + 1);
      const [page] = [...counts].sort((x, y) => y[1] - x[1])[0]!;
      const onPage = inserted.rows.filter((r) => r.page === page).map((r) => r.id);
      expect(onPage.length).toBeGreaterThan(5);
      for (const userId of onPage) {
        await t.db.transaction().execute((trx) =>
          postPoints(trx, {
            organizationId: org.id,
            userId,
            amount: 5,
            kind: 'test',
            description: 'Award',
          }),
        );
      }
      const after = await pageOf();
      // A version that left its page would have been a new entry in every index of users.
      expect(onPage.filter((id) => after.get(id) !== page)).toEqual([]);
      expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
    },
  );

  it('refuses a spend below zero with 422 insufficient_points and posts nothing', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    await t.db.transaction().execute((trx) =>
      postPoints(trx, {
        organizationId: org.id,
        userId: fan.user.id,
        amount: 10,
        kind: 'test',
        description: 'Seed',
      }),
    );
    await expect(
      t.db.transaction().execute((trx) =>
        postPoints(trx, {
          organizationId: org.id,
          userId: fan.user.id,
          amount: -11,
          kind: 'spend',
          description: 'Too much',
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: 'insufficient_points' });
    const rows = await t.db
      .selectFrom('pointTransactions')
      .selectAll()
      .where('userId', '=', fan.user.id)
      .execute();
    expect(rows.map((r) => r.amount)).toEqual([10]);
  });

  it('spending lowers points but never lifetime points (ranks never demote)', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    await t.db.transaction().execute(async (trx) => {
      await postPoints(trx, {
        organizationId: org.id,
        userId: fan.user.id,
        amount: 100,
        kind: 'test',
        description: 'Seed',
      });
      const after = await postPoints(trx, {
        organizationId: org.id,
        userId: fan.user.id,
        amount: -40,
        kind: 'spend',
        description: 'Spend',
      });
      expect(after).toMatchObject({ points: 60, lifetimePoints: 100 });
    });
  });

  it("posts each call its own line and balance (the statement compiled once takes each call's values)", async () => {
    const orgA = await createOrg(t);
    const orgB = await createOrg(t);
    const fanA = await createFan(t, orgA);
    const fanB = await createFan(t, orgB);
    await t.db.transaction().execute(async (trx) => {
      await postPoints(trx, {
        organizationId: orgA.id,
        userId: fanA.user.id,
        amount: 7,
        kind: 'challenge',
        reference: null,
        description: 'First',
        onceKey: 'a:1',
      });
      await postPoints(trx, {
        organizationId: orgB.id,
        userId: fanB.user.id,
        amount: 30,
        kind: 'checkin',
        reference: 'ref-b',
        description: 'Second',
      });
      const spent = await postPoints(trx, {
        organizationId: orgB.id,
        userId: fanB.user.id,
        amount: -12,
        kind: 'sweepstake_entry',
        reference: 'ref-c',
        description: 'Third',
      });
      expect(spent).toMatchObject({ applied: true, points: 18, lifetimePoints: 30, amount: -12 });
    });
    const lines = await t.db
      .selectFrom('pointTransactions')
      .select(['organizationId', 'userId', 'amount', 'kind', 'reference', 'description', 'onceKey'])
      .where('userId', 'in', [fanA.user.id, fanB.user.id])
      .orderBy('description')
      .execute();
    expect(lines).toEqual([
      {
        organizationId: orgA.id,
        userId: fanA.user.id,
        amount: 7,
        kind: 'challenge',
        reference: null,
        description: 'First',
        onceKey: 'a:1',
      },
      {
        organizationId: orgB.id,
        userId: fanB.user.id,
        amount: 30,
        kind: 'checkin',
        reference: 'ref-b',
        description: 'Second',
        onceKey: null,
      },
      {
        organizationId: orgB.id,
        userId: fanB.user.id,
        amount: -12,
        kind: 'sweepstake_entry',
        reference: 'ref-c',
        description: 'Third',
        onceKey: null,
      },
    ]);
    expect(await ledgerMismatches(t.db, orgA.id)).toEqual([]);
    expect(await ledgerMismatches(t.db, orgB.id)).toEqual([]);
  });
});

describe('boostedAmountSql', () => {
  it('computes in the database exactly what boostedAmount computes, for every amount and multiplier a boost allows', async () => {
    // Multipliers with binary-inexact products (50 × 1.15 is 57.4999… as a double: 57, not 58) and halves.
    const multipliers = [1, 1.1, 1.15, 1.25, 1.3, 1.5, 1.75, 2, 2.05, 2.3, 2.5, 2.75, 3.3, 4.35, 4.99, 10];
    const amounts = [0, 1, 2, 3, 5, 7, 10, 15, 25, 33, 50, 99, 100, 250, 999, 1000];
    for (const multiplier of multipliers) {
      const rows = await t.db
        // A function in FROM names its one column after its alias: `a.a` is each amount.
        .selectFrom(sql<{ a: number }>`unnest(${sql.val(amounts)}::int[])`.as('a'))
        .select((eb) => ['a.a as amount', boostedAmountSql(eb.ref('a.a'), multiplier).as('boosted')])
        .execute();
      expect(rows.map((r) => [r.amount, Number(r.boosted)])).toEqual(
        amounts.map((a) => [a, a > 0 ? boostedAmount(a, { multiplier }) : a]),
      );
    }
  });
});
