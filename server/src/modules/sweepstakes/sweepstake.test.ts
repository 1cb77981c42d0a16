import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import { commitsSentWithStatement } from '../../db/deferred-begin.ts';
import { commitRefusals } from '../../test/metrics.ts';
import {
  apiCall,
  createFan,
  createOrg,
  onRealPostgres,
  type TestFan,
  useTestApp,
} from '../../test/test-app.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { ownEntries } from './sweepstake-fan-entries.ts';
import { balance, fund, ledgerLines, ledgerMismatches, signInAgain } from '../../test/points.ts';
import {
  createSweepstake,
  DAY,
  HOUR,
  iso,
  NOW,
  sweepstakeOrg,
  travel,
} from '../../test/sweepstake-fixtures.ts';

const t = useTestApp();

describe('GET /api/sweepstake', () => {
  it('derives live, coming_soon and ended from the dates on the server clock', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const live = await createSweepstake(t, operator, { title: 'Live' });
    const soon = await createSweepstake(t, operator, {
      title: 'Soon',
      startsAt: iso(DAY),
      endsAt: iso(2 * DAY),
    });
    const past = await createSweepstake(t, operator, {
      title: 'Past',
      startsAt: iso(-3 * DAY),
      endsAt: iso(-DAY),
    });
    const fan = await createFan(t, org);
    const res = await apiCall(t, fan, 'GET', '/api/sweepstake');
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      res.json().map((s: { sweepstakeId: string; status: string }) => [s.sweepstakeId, s.status]),
    );
    expect(byId.get(live.sweepstakeId)).toBe('live');
    expect(byId.get(soon.sweepstakeId)).toBe('coming_soon');
    expect(byId.get(past.sweepstakeId)).toBe('ended');

    // The clock moves: the coming-soon one opens, the live one ends.
    const [fanLater] = (await travel(t, DAY + HOUR, fan)) as [TestFan];
    const later = await apiCall(t, fanLater, 'GET', `/api/sweepstake/${soon.sweepstakeId}`);
    expect(later.json().status).toBe('live');
    const ended = await apiCall(t, fanLater, 'GET', `/api/sweepstake/${live.sweepstakeId}`);
    expect(ended.json().status).toBe('ended');
  });

  it('shows cost, the fan’s entries, the rules URL, the cap, the seed hash and free-entry instructions', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const media = await t.db
      .insertInto('media')
      .values({
        organizationId: org.id,
        purpose: 'seed',
        contentType: 'application/pdf',
        byteSize: 10,
        storageKey: 'asset:x.pdf',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = await createSweepstake(t, operator, {
      rulesMediaId: media.id,
      maxEntriesPerFan: 5,
      costPerEntry: 20,
    });
    const fan = await createFan(t, org);
    await fund(t, fan, 100);
    await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 2 });
    const body = (await apiCall(t, fan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(body).toMatchObject({
      costPerEntry: 20,
      userEntries: 2,
      totalEntries: 2,
      maxEntriesPerFan: 5,
      rulesUrl: `/files/${media.id}`,
      seed: null,
      winners: [],
      freeEntryUsed: false,
    });
    expect(body.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.freeEntryInstructions).toMatch(/free/i);
  });

  it('hides another organization’s sweepstake (404)', async () => {
    const { operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator);
    const other = await createOrg(t);
    const stranger = await createFan(t, other);
    await fund(t, stranger, 500);
    expect((await apiCall(t, stranger, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).statusCode).toBe(404);
    const entry = await apiCall(t, stranger, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    expect(entry.statusCode).toBe(404);
    expect((await apiCall(t, stranger, 'GET', '/api/sweepstake')).json()).toEqual([]);
  });
});

describe('the fans’ own entries, read in batches', () => {
  it('answers fans reading at once each with their own entries only, and shows an entry on the very next read', async () => {
    const a = await sweepstakeOrg(t);
    const b = await sweepstakeOrg(t);
    const sA = (await createSweepstake(t, a.operator, { costPerEntry: 10 })).sweepstakeId;
    const sB = (await createSweepstake(t, b.operator, { costPerEntry: 10 })).sweepstakeId;
    const [a1, a2, a3, b1] = [
      await createFan(t, a.org),
      await createFan(t, a.org),
      await createFan(t, a.org),
      await createFan(t, b.org),
    ];
    for (const fan of [a1, a2, a3, b1]) await fund(t, fan, 100);
    const enter = (fan: TestFan, id: string, count: number) =>
      apiCall(t, fan, 'POST', `/api/sweepstake/${id}/entry`, { count });
    expect((await enter(a1, sA, 2)).statusCode).toBe(200);
    expect((await apiCall(t, a2, 'POST', `/api/sweepstake/${sA}/free-entry`)).statusCode).toBe(200);
    expect((await enter(b1, sB, 3)).statusCode).toBe(200);

    // Read in the same turn of the event loop, so all go out in one statement; the last two ask
    // with another organization than the fan's.
    const reads = await Promise.all([
      ownEntries(t.db, a.org.id, a1.user.id, [sA]),
      ownEntries(t.db, a.org.id, a2.user.id, [sA]),
      ownEntries(t.db, a.org.id, a3.user.id, [sA]),
      ownEntries(t.db, b.org.id, b1.user.id, [sB]),
      ownEntries(t.db, a.org.id, b1.user.id, [sA, sB]),
      ownEntries(t.db, b.org.id, a1.user.id, [sA, sB]),
    ]);
    expect(reads.map((m) => [...m.entries()].map(([id, e]) => [id, e.count, e.freeEntryUsed]))).toEqual([
      [[sA, 2, false]],
      [[sA, 1, true]],
      [],
      [[sB, 3, false]],
      [],
      [],
    ]);

    const mine = async (fan: TestFan) => {
      const [one] = (await apiCall(t, fan, 'GET', '/api/sweepstake')).json();
      return [one.sweepstakeId, one.userEntries, one.freeEntryUsed, one.userEntrant !== null];
    };
    const fans = [a1, a2, a3, b1];
    expect(await Promise.all([...fans, ...fans].map(mine))).toEqual(
      [0, 1].flatMap(() => [
        [sA, 2, false, true],
        [sA, 1, true, true],
        [sA, 0, false, false],
        [sB, 3, false, true],
      ]),
    );
    expect((await enter(a3, sA, 1)).statusCode).toBe(200);
    expect(await mine(a3)).toEqual([sA, 1, false, true]);
  });
});

describe('logged-off dashboard', () => {
  it('refuses anonymous listing with 401 when the organization has it off', async () => {
    const { org, operator } = await sweepstakeOrg(t, { loggedOffDashboard: false });
    const s = await createSweepstake(t, operator);
    expect((await apiCall(t, { org }, 'GET', '/api/sweepstake')).statusCode).toBe(401);
    expect((await apiCall(t, { org }, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).statusCode).toBe(401);
  });

  it('lists sweepstakes without fan state for anonymous callers when it is on', async () => {
    const { org, operator } = await sweepstakeOrg(t, { loggedOffDashboard: true });
    const s = await createSweepstake(t, operator);
    const res = await apiCall(t, { org }, 'GET', '/api/sweepstake');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({
      sweepstakeId: s.sweepstakeId,
      userEntries: null,
      freeEntryUsed: null,
    });
    // Entering still needs a fan.
    const entry = await apiCall(t, { org }, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    expect(entry.statusCode).toBe(401);
  });
});

describe('POST /api/sweepstake/{id}/entry', () => {
  let org: Organization;
  let operator: TestFan;
  beforeAll(async () => {
    ({ org, operator } = await sweepstakeOrg(t));
  });

  it('spends exactly cost × count in one ledger row described for the fan', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(t, operator, { costPerEntry: 30 });
    const fan = await createFan(t, org);
    await fund(t, fan, 100);
    const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sweepstakeId: s.sweepstakeId,
      added: 3,
      pointsSpent: 90,
      userEntries: 3,
      points: 10,
    });
    expect(await balance(t, fan)).toBe(10);
    const rows = await t.db
      .selectFrom('pointTransactions')
      .select(['amount', 'description', 'kind', 'reference'])
      .where('userId', '=', fan.user.id)
      .where('kind', '=', 'sweepstake_entry')
      .execute();
    expect(rows).toEqual([
      {
        amount: -90,
        description: '3 entries: Signed helmet',
        kind: 'sweepstake_entry',
        reference: s.sweepstakeId,
      },
    ]);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  // Decision 036, amendment of 2026-12-07: the entry's statement carries the transaction's commit.
  it('commits with the entry’s statement; a refused spend or cap never commits, and runs the long way', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(t, operator, { costPerEntry: 30, maxEntriesPerFan: 2 });
    const fan = await createFan(t, org);
    await fund(t, fan, 100);
    const carried = commitsSentWithStatement();
    const refused = await commitRefusals('sweepstake_entry');
    const enter = (count: number) =>
      apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count });
    expect((await enter(2)).json()).toMatchObject({ userEntries: 2, points: 40 });
    expect(commitsSentWithStatement() - carried).toBe(onRealPostgres ? 1 : 0);
    expect(await commitRefusals('sweepstake_entry')).toBe(refused);
    // Over the cap: refused early, before the statement (two held, the cap is two).
    expect((await enter(1)).json().code).toBe('entry_cap_reached');
    // The balance short of a spend: the statement wrote a line without its balance, so it refused
    // to commit, and the long way answers insufficient_points with nothing spent.
    await t.db
      .updateTable('sweepstakes')
      .set({ maxEntriesPerFan: null })
      .where('id', '=', s.sweepstakeId)
      .execute();
    expect((await enter(2)).json().code).toBe('insufficient_points');
    expect(await commitRefusals('sweepstake_entry')).toBe(refused + 1);
    expect(await balance(t, fan)).toBe(40);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses with 422 insufficient_points and spends nothing when the balance is short', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(t, operator, { costPerEntry: 30 });
    const fan = await createFan(t, org);
    await fund(t, fan, 59);
    const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('insufficient_points');
    expect(await balance(t, fan)).toBe(59);
    expect((await ledgerLines(t, fan)).filter((l) => l.kind === 'sweepstake_entry')).toEqual([]);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
    const mine = (await apiCall(t, fan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(mine.userEntries).toBe(0);
  });

  it('refuses outside the window with 422 sweepstake_not_live', async () => {
    t.clock.set(NOW);
    const soon = await createSweepstake(t, operator, { startsAt: iso(HOUR), endsAt: iso(DAY) });
    const past = await createSweepstake(t, operator, { startsAt: iso(-DAY), endsAt: iso(-HOUR) });
    const fan = await createFan(t, org);
    await fund(t, fan, 500);
    for (const s of [soon, past]) {
      const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('sweepstake_not_live');
    }
    expect(await balance(t, fan)).toBe(500);
  });

  it('refuses an under-18 fan with 422 underage, judged in the organization’s calendar', async () => {
    // 18th birthday on 2026-06-02: still 17 at 2026-06-01T12:00Z in London.
    t.clock.set(NOW);
    const s = await createSweepstake(t, operator);
    const minor = await createFan(t, org, { birthday: '2008-06-02' });
    await fund(t, minor, 500);
    const res = await apiCall(t, minor, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('underage');
    const free = await apiCall(t, minor, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`);
    expect(free.json().code).toBe('underage');
    expect(await balance(t, minor)).toBe(500);
    // The next day (23:30 UTC is already 2026-06-02 in London, BST) they may enter.
    t.clock.set('2026-06-01T23:30:00Z');
    const ok = await apiCall(
      t,
      await signInAgain(t, minor),
      'POST',
      `/api/sweepstake/${s.sweepstakeId}/entry`,
      {
        count: 1,
      },
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('enforces the per-fan cap with 422 entry_cap_reached, counting earlier entries', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(t, operator, { costPerEntry: 10, maxEntriesPerFan: 5 });
    const fan = await createFan(t, org);
    await fund(t, fan, 1000);
    expect(
      (await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 4 })).statusCode,
    ).toBe(200);
    const over = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 2 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'entry_cap_reached', userEntries: 4, maxEntriesPerFan: 5 });
    expect(await balance(t, fan)).toBe(960);
    const last = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    expect(last.json().userEntries).toBe(5);
    const free = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`);
    expect(free.json().code).toBe('entry_cap_reached');
  });

  it('refuses a fan outside the eligible countries with 422 country_not_eligible', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(t, operator, { eligibleCountries: ['GB', 'IE'] });
    const french = await createFan(t, org, { country: 'FR' });
    const unknown = await createFan(t, org, { country: null });
    const british = await createFan(t, org, { country: 'GB' });
    for (const fan of [french, unknown, british]) await fund(t, fan, 100);
    for (const fan of [french, unknown]) {
      const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('country_not_eligible');
    }
    const ok = await apiCall(t, british, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    expect(ok.statusCode).toBe(200);
  });

  it('validates count (1..100) with 400 and needs a signed-in fan (401)', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(t, operator);
    const fan = await createFan(t, org);
    for (const count of [0, 101, 1.5, '2']) {
      const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count });
      expect(res.statusCode).toBe(400);
    }
    const anon = await apiCall(t, { org }, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/sweepstake/{id}/free-entry', () => {
  it('adds one entry at no cost, once per fan per sweepstake', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator);
    const fan = await createFan(t, org);
    await fund(t, fan, 40);
    const funded = await ledgerLines(t, fan);
    const first = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`, {});
    expect(first.statusCode, first.body).toBe(200);
    // The balance it answers is the fan's, untouched.
    expect(first.json()).toMatchObject({ added: 1, pointsSpent: 0, userEntries: 1, points: 40 });
    const again = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('free_entry_already_used');
    const view = (await apiCall(t, fan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(view).toMatchObject({ userEntries: 1, freeEntryUsed: true });
    expect(await ledgerLines(t, fan)).toEqual(funded);
    expect(await balance(t, fan)).toBe(40);
  });

  it('is refused outside the window like a paid entry', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, { startsAt: iso(HOUR), endsAt: iso(DAY) });
    const fan = await createFan(t, org);
    const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`);
    expect(res.json().code).toBe('sweepstake_not_live');
  });
});

describeOnPostgres('concurrent entries on real PostgreSQL', () => {
  it('200 concurrent single entries from a fan who can afford exactly N: N succeed, the rest 422', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, { costPerEntry: 7 });
    const fan = await createFan(t, org);
    const n = 37;
    await fund(t, fan, 7 * n);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(n);
    expect(refused).toHaveLength(200 - n);
    for (const r of refused) expect(r.json().code).toBe('insufficient_points');
    expect(await balance(t, fan)).toBe(0);
    const view = (await apiCall(t, fan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(view.userEntries).toBe(n);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('20 concurrent free entries from one fan: exactly one is accepted', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator);
    const fan = await createFan(t, org);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`, {}),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json().code).toBe('free_entry_already_used');
    }
    const view = (await apiCall(t, fan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(view.userEntries).toBe(1);
  });

  it('the per-fan cap holds under concurrency', async () => {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, { costPerEntry: 1, maxEntriesPerFan: 10 });
    const fan = await createFan(t, org);
    await fund(t, fan, 1000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(await balance(t, fan)).toBe(990);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });
});
