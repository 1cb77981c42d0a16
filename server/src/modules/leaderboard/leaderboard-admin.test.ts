import { describe, expect, it } from 'vitest';
import { ledgerLine } from '../../test/leaderboard-fixtures.ts';
import { apiCallAtClock as api, createFan, orgWithOperator, useTestApp } from '../../test/test-app.ts';
import { auditTrail } from '../../test/admin-fixtures.ts';

const t = useTestApp();

describe('operator leaderboard', () => {
  it('exports a board as CSV to operators only, with real usernames, and audits the export', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    const { org, operator } = await orgWithOperator(t);
    const teen = await createFan(t, org, { birthday: '2012-01-01', email: 'teen@example.com' });
    const adult = await createFan(t, org, { email: 'adult@example.com' });
    await t.db.updateTable('users').set({ username: 'teen_racer' }).where('id', '=', teen.user.id).execute();
    await t.db.updateTable('users').set({ username: '=cmd|calc' }).where('id', '=', adult.user.id).execute();
    await ledgerLine(t, org, teen.user.id, 80, '2026-06-02T10:00:00Z');
    await ledgerLine(t, org, adult.user.id, 30, '2026-06-02T10:00:00Z');

    expect((await api(t, teen, 'GET', '/api/admin/leaderboard/season/export.csv')).statusCode).toBe(403);
    expect((await api(t, { org }, 'GET', '/api/admin/leaderboard/season/export.csv')).statusCode).toBe(401);
    expect((await api(t, teen, 'GET', '/api/admin/leaderboard/season')).statusCode).toBe(403);

    const csv = await api(t, operator, 'GET', '/api/admin/leaderboard/season/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('leaderboard-season.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"position","user_id","username","email","points","reached_at","shown_by_name"');
    expect(lines[1]).toBe(
      `"1","${teen.user.id}","teen_racer","teen@example.com","80","2026-06-02T10:00:00.000Z","false"`,
    );
    // A username a spreadsheet would run as a formula is defused.
    expect(lines[2]).toContain(`"'=cmd|calc"`);
    expect(lines).toHaveLength(3);

    const audit = await auditTrail(t, org.id, { action: 'leaderboard.export' });
    expect(audit).toEqual([{ action: 'leaderboard.export', actorUserId: operator.user.id }]);

    const page = await api(t, operator, 'GET', '/api/admin/leaderboard/season?limit=1&offset=1');
    expect(page.json()).toMatchObject({
      total: 2,
      items: [
        { position: 2, userId: adult.user.id, email: 'adult@example.com', points: 30, shownByName: true },
      ],
    });
  });

  it('refuses a weekend window that ends before it starts', async () => {
    const { operator } = await orgWithOperator(t);
    const res = await api(t, operator, 'POST', '/api/admin/leaderboard-weekends', {
      name: 'Backwards GP',
      startsAt: '2026-07-05T00:00:00Z',
      endsAt: '2026-07-04T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('leaderboard and the ledger', () => {
  it('moves the fan up in the same transaction as a real award (a check-in)', async () => {
    // The ledger stamps lines with the database's time, so the app clock is set to now.
    t.clock.set(new Date());
    const { org } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    const before = await api(t, fan, 'GET', '/api/leaderboard/week');
    expect(before.json().me).toEqual({ position: null, points: 0 });
    const checkin = await api(t, fan, 'POST', '/api/checkin', {});
    expect(checkin.statusCode).toBe(200);
    const paid = checkin.json().pointsAwarded;
    expect(paid).toBeGreaterThan(0);
    for (const name of ['week', 'season']) {
      const after = await api(t, fan, 'GET', `/api/leaderboard/${name}`);
      expect(after.json().me).toEqual({ position: 1, points: paid });
    }
  });

  it('leaves the boards untouched when the award rolls back', async () => {
    t.clock.set(new Date());
    const { org } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('pointTransactions')
          .values({
            organizationId: org.id,
            userId: fan.user.id,
            amount: 50,
            kind: 'challenge',
            description: 'x',
          })
          .execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await api(t, fan, 'GET', '/api/leaderboard/season')).json().total).toBe(0);
  });
});
