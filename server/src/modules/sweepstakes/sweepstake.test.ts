import { createHash, createHmac } from 'node:crypto';
import {
  drawWinners,
  hashEntries,
  hashSeed,
  hmacSha256,
  sha256Hex,
  toHex,
  utf8,
  verifyDraw,
} from '@paddock/contracts/api/sweepstakes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import {
  apiCall,
  createFan,
  createOrg,
  ledgerMismatches,
  onRealPostgres,
  type TestFan,
  useTestApp,
} from '../../test/test-app.ts';
import { balance, fund, signInAgain } from '../../test/points.ts';

const t = useTestApp();

const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

/** Moves the clock and re-signs the given people in. */
async function travel(ms: number, ...people: TestFan[]) {
  t.clock.set(iso(ms));
  return Promise.all(people.map((fan) => signInAgain(t, fan)));
}

async function setup(opts: { loggedOffDashboard?: boolean } = {}) {
  t.clock.set(NOW);
  const org = await createOrg(t, opts);
  const operator = await createFan(t, org, { roles: ['operator'], firstName: 'Olivia', lastName: 'Ops' });
  return { org, operator };
}

async function createSweepstake(operator: TestFan, overrides: Record<string, unknown> = {}) {
  const res = await apiCall(t, operator, 'POST', '/api/admin/sweepstakes', {
    title: 'Win a signed helmet',
    prize: 'Signed helmet',
    startsAt: iso(-DAY),
    endsAt: iso(DAY),
    costPerEntry: 50,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { sweepstakeId: string; seedHash: string };
}

describe('GET /api/sweepstake', () => {
  it('derives live, coming_soon and ended from the dates on the server clock', async () => {
    const { org, operator } = await setup();
    const live = await createSweepstake(operator, { title: 'Live' });
    const soon = await createSweepstake(operator, {
      title: 'Soon',
      startsAt: iso(DAY),
      endsAt: iso(2 * DAY),
    });
    const past = await createSweepstake(operator, {
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
    const [fanLater] = (await travel(DAY + HOUR, fan)) as [TestFan];
    const later = await apiCall(t, fanLater, 'GET', `/api/sweepstake/${soon.sweepstakeId}`);
    expect(later.json().status).toBe('live');
    const ended = await apiCall(t, fanLater, 'GET', `/api/sweepstake/${live.sweepstakeId}`);
    expect(ended.json().status).toBe('ended');
  });

  it('shows cost, the fan’s entries, the rules URL, the cap, the seed hash and free-entry instructions', async () => {
    const { org, operator } = await setup();
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
    const s = await createSweepstake(operator, {
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
    const { operator } = await setup();
    const s = await createSweepstake(operator);
    const other = await createOrg(t);
    const stranger = await createFan(t, other);
    await fund(t, stranger, 500);
    expect((await apiCall(t, stranger, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).statusCode).toBe(404);
    const entry = await apiCall(t, stranger, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 1 });
    expect(entry.statusCode).toBe(404);
    expect((await apiCall(t, stranger, 'GET', '/api/sweepstake')).json()).toEqual([]);
  });
});

describe('logged-off dashboard', () => {
  it('refuses anonymous listing with 401 when the organization has it off', async () => {
    const { org, operator } = await setup({ loggedOffDashboard: false });
    const s = await createSweepstake(operator);
    expect((await apiCall(t, { org }, 'GET', '/api/sweepstake')).statusCode).toBe(401);
    expect((await apiCall(t, { org }, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).statusCode).toBe(401);
  });

  it('lists sweepstakes without fan state for anonymous callers when it is on', async () => {
    const { org, operator } = await setup({ loggedOffDashboard: true });
    const s = await createSweepstake(operator);
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
    ({ org, operator } = await setup());
  });

  it('spends exactly cost × count in one ledger row described for the fan', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(operator, { costPerEntry: 30 });
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

  it('refuses with 422 insufficient_points and spends nothing when the balance is short', async () => {
    t.clock.set(NOW);
    const s = await createSweepstake(operator, { costPerEntry: 30 });
    const fan = await createFan(t, org);
    await fund(t, fan, 59);
    const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('insufficient_points');
    expect(await balance(t, fan)).toBe(59);
    const mine = (await apiCall(t, fan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(mine.userEntries).toBe(0);
  });

  it('refuses outside the window with 422 sweepstake_not_live', async () => {
    t.clock.set(NOW);
    const soon = await createSweepstake(operator, { startsAt: iso(HOUR), endsAt: iso(DAY) });
    const past = await createSweepstake(operator, { startsAt: iso(-DAY), endsAt: iso(-HOUR) });
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
    const s = await createSweepstake(operator);
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
    const s = await createSweepstake(operator, { costPerEntry: 10, maxEntriesPerFan: 5 });
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
    const s = await createSweepstake(operator, { eligibleCountries: ['GB', 'IE'] });
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
    const s = await createSweepstake(operator);
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
    const { org, operator } = await setup();
    const s = await createSweepstake(operator);
    const fan = await createFan(t, org);
    const first = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: 1, pointsSpent: 0, userEntries: 1, points: 0 });
    const again = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('free_entry_already_used');
    const view = (await apiCall(t, fan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(view).toMatchObject({ userEntries: 1, freeEntryUsed: true });
    const ledger = await t.db
      .selectFrom('pointTransactions')
      .select('id')
      .where('userId', '=', fan.user.id)
      .execute();
    expect(ledger).toEqual([]);
  });

  it('is refused outside the window like a paid entry', async () => {
    const { org, operator } = await setup();
    const s = await createSweepstake(operator, { startsAt: iso(HOUR), endsAt: iso(DAY) });
    const fan = await createFan(t, org);
    const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/free-entry`);
    expect(res.json().code).toBe('sweepstake_not_live');
  });
});

describe('the draw (commit–reveal) and public verification', () => {
  async function enteredSweepstake(counts: number[]) {
    const { org, operator } = await setup();
    const s = await createSweepstake(operator, { costPerEntry: 1 });
    const fans: TestFan[] = [];
    for (const [i, count] of counts.entries()) {
      const fan = await createFan(t, org, { firstName: `Fan${i}`, lastName: 'rivera' });
      await fund(t, fan, count);
      const res = await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count });
      expect(res.statusCode, res.body).toBe(200);
      fans.push(fan);
    }
    return { org, operator, s, fans };
  }

  it('draws distinct winners after endsAt, reveals the seed matching the published hash, and verifies', async () => {
    const { org, operator, s, fans } = await enteredSweepstake([5, 1, 10, 3]);
    const early = await apiCall(t, operator, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, {
      winners: 2,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('sweepstake_not_ended');

    const [op, firstFan] = (await travel(DAY + HOUR, operator, fans[0] as TestFan)) as [TestFan, TestFan];
    const res = await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, { winners: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const draw = res.json();
    expect(draw.verified).toBe(true);
    expect(draw.winners).toHaveLength(2);
    expect(new Set(draw.winners).size).toBe(2);
    expect(hashSeed(draw.seed)).toBe(s.seedHash);
    expect(draw.entries.map((e: { count: number }) => e.count).sort((a: number, b: number) => a - b)).toEqual(
      [1, 3, 5, 10],
    );
    // The entrant ids are not user ids.
    const userIds = new Set(fans.map((f) => f.user.id));
    for (const e of draw.entries) expect(userIds.has(e.entrant)).toBe(false);
    // Reproducible: the same published data gives the same winners.
    expect(drawWinners(draw.seed, draw.entriesHash, draw.entries, 2)).toEqual(draw.winners);

    const fanView = (await apiCall(t, firstFan, 'GET', `/api/sweepstake/${s.sweepstakeId}`)).json();
    expect(fanView.status).toBe('ended');
    expect(fanView.seed).toBe(draw.seed);
    expect(fanView.entriesHash).toBe(draw.entriesHash);
    expect(fanView.winners.map((w: { entrant: string }) => w.entrant)).toEqual(draw.winners);
    for (const w of fanView.winners) expect(w.displayName).toMatch(/^Fan\d R\.$/);

    // Anyone, signed in or not, can verify.
    const verify = await apiCall(t, { org }, 'GET', `/api/sweepstake/${s.sweepstakeId}/verify`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ verified: true, winners: draw.winners, seed: draw.seed });

    const twice = await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, {
      winners: 2,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().code).toBe('already_drawn');

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorUserId'])
      .where('organizationId', '=', org.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['sweepstake.create', 'sweepstake.draw']);
    expect(audit[1]?.actorUserId).toBe(operator.user.id);
  });

  it('before the draw publishes only the seed hash, never the seed', async () => {
    const { org, s } = await enteredSweepstake([2]);
    const verify = (await apiCall(t, { org }, 'GET', `/api/sweepstake/${s.sweepstakeId}/verify`)).json();
    expect(verify).toMatchObject({
      drawn: false,
      verified: false,
      seed: null,
      seedHash: s.seedHash,
      entries: [],
    });
  });

  it('fails verification when the frozen entry list is tampered with', async () => {
    const { org, operator, s } = await enteredSweepstake([4, 4, 4]);
    const [op] = (await travel(DAY + HOUR, operator)) as [TestFan];
    const drawn = await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, {
      winners: 1,
    });
    expect(drawn.json().verified).toBe(true);
    const row = await t.db
      .selectFrom('sweepstakes')
      .select('frozenEntries')
      .where('id', '=', s.sweepstakeId)
      .executeTakeFirstOrThrow();
    const tampered = (row.frozenEntries ?? []).map((e, i) => (i === 0 ? { ...e, count: e.count + 50 } : e));
    await t.db
      .updateTable('sweepstakes')
      .set({ frozenEntries: JSON.stringify(tampered) })
      .where('id', '=', s.sweepstakeId)
      .execute();
    const verify = (await apiCall(t, { org }, 'GET', `/api/sweepstake/${s.sweepstakeId}/verify`)).json();
    expect(verify.verified).toBe(false);
    expect(verify.checks.entriesMatchHash).toBe(false);
  });

  it('draws at most one win per fan and no more winners than entrants', async () => {
    const { operator, s } = await enteredSweepstake([1, 2]);
    const [op] = (await travel(DAY + HOUR, operator)) as [TestFan];
    const draw = (
      await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, { winners: 5 })
    ).json();
    expect(draw.winners).toHaveLength(2);
    expect(draw.verified).toBe(true);
  });
});

describe('the draw algorithm (contracts/src/sweepstake-draw.ts)', () => {
  it('computes SHA-256 and HMAC-SHA-256 exactly as node:crypto does', () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'é€😀'.repeat(40)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
      expect(toHex(hmacSha256(utf8(text), utf8(`m${text}`)))).toBe(
        createHmac('sha256', text).update(`m${text}`).digest('hex'),
      );
    }
  });

  it('weights winners by entries (3:1 entries → about 3:1 wins over many seeds)', () => {
    const entries = [
      { entrant: 'a', count: 1 },
      { entrant: 'b', count: 3 },
    ];
    const hash = hashEntries(entries);
    let b = 0;
    const runs = 4000;
    for (let i = 0; i < runs; i++) if (drawWinners(`seed-${i}`, hash, entries, 1)[0] === 'b') b += 1;
    expect(b / runs).toBeGreaterThan(0.72);
    expect(b / runs).toBeLessThan(0.78);
  });

  it('is independent of the order entries are listed in, and changes with the seed', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ entrant: `e${i}`, count: (i % 7) + 1 }));
    const hash = hashEntries(entries);
    const a = drawWinners('seed', hash, entries, 5);
    expect(drawWinners('seed', hash, [...entries].reverse(), 5)).toEqual(a);
    expect(hashEntries([...entries].reverse())).toBe(hash);
    expect(drawWinners('other-seed', hash, entries, 5)).not.toEqual(a);
  });

  it('verifyDraw rejects a wrong seed or swapped winners', () => {
    const entries = [
      { entrant: 'a', count: 2 },
      { entrant: 'b', count: 2 },
      { entrant: 'c', count: 2 },
    ];
    const seed = 's3cret';
    const entriesHash = hashEntries(entries);
    const winners = drawWinners(seed, entriesHash, entries, 2);
    const base = { seedHash: hashSeed(seed), seed, entriesHash, entries, winnerCount: 2, winners };
    expect(verifyDraw(base).verified).toBe(true);
    expect(verifyDraw({ ...base, seed: 'guess' }).verified).toBe(false);
    expect(verifyDraw({ ...base, winners: [...winners].reverse() }).verified).toBe(false);
  });
});

describe('admin sweepstake routes', () => {
  it('answer 401 to anonymous callers, 403 to fans and 404 for another organization’s sweepstake', async () => {
    const { org, operator } = await setup();
    const s = await createSweepstake(operator);
    const fan = await createFan(t, org);
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/sweepstakes', undefined],
      [
        'POST',
        '/api/admin/sweepstakes',
        { title: 'x', prize: 'y', startsAt: iso(0), endsAt: iso(DAY), costPerEntry: 1 },
      ],
      ['PATCH', `/api/admin/sweepstakes/${s.sweepstakeId}`, { title: 'z' }],
      ['POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, { winners: 1 }],
      ['GET', `/api/admin/sweepstakes/${s.sweepstakeId}/entries.csv`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await apiCall(t, { org }, method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(
        401,
      );
      expect((await apiCall(t, fan, method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await createOrg(t);
    const otherOperator = await createFan(t, other, { roles: ['operator'] });
    for (const [method, url, body] of routes.slice(2)) {
      expect(
        (await apiCall(t, otherOperator, method as 'GET', url, body)).statusCode,
        `${method} ${url}`,
      ).toBe(404);
    }
  });

  it('edits until drawn, refuses a window that ends before it starts, and exports entries as CSV', async () => {
    const { org, operator } = await setup();
    const s = await createSweepstake(operator, { costPerEntry: 5 });
    const bad = await apiCall(t, operator, 'PATCH', `/api/admin/sweepstakes/${s.sweepstakeId}`, {
      endsAt: iso(-2 * DAY),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('invalid_window');
    const edit = await apiCall(t, operator, 'PATCH', `/api/admin/sweepstakes/${s.sweepstakeId}`, {
      title: 'Win a signed race suit',
      maxEntriesPerFan: 3,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      title: 'Win a signed race suit',
      maxEntriesPerFan: 3,
      seedHash: s.seedHash,
    });

    const fan = await createFan(t, org, { firstName: 'Alex', lastName: 'Rivera', email: 'alex@example.com' });
    await fund(t, fan, 100);
    await apiCall(t, fan, 'POST', `/api/sweepstake/${s.sweepstakeId}/entry`, { count: 2 });
    const [op] = (await travel(DAY + HOUR, operator)) as [TestFan];
    const draw = await apiCall(t, op, 'POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, {
      winners: 1,
    });
    expect(draw.json().verified).toBe(true);
    const after = await apiCall(t, op, 'PATCH', `/api/admin/sweepstakes/${s.sweepstakeId}`, { title: 'x' });
    expect(after.json().code).toBe('already_drawn');

    const csv = await apiCall(t, op, 'GET', `/api/admin/sweepstakes/${s.sweepstakeId}/entries.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('"entrant","user_id","email"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"alex@example.com"');
    expect(lines[1]).toContain('"2","0","10","1","Alex R."');

    const list = (await apiCall(t, op, 'GET', '/api/admin/sweepstakes')).json();
    expect(list[0]).toMatchObject({ sweepstakeId: s.sweepstakeId, entrantCount: 1, totalEntries: 2 });
    const actions = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('organizationId', '=', org.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'sweepstake.create',
      'sweepstake.update',
      'sweepstake.draw',
      'sweepstake.export_entries',
    ]);
  });
});

describe.runIf(onRealPostgres)('concurrent entries on real PostgreSQL', () => {
  it('200 concurrent single entries from a fan who can afford exactly N: N succeed, the rest 422', async () => {
    const { org, operator } = await setup();
    const s = await createSweepstake(operator, { costPerEntry: 7 });
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
    const { org, operator } = await setup();
    const s = await createSweepstake(operator);
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
    const { org, operator } = await setup();
    const s = await createSweepstake(operator, { costPerEntry: 1, maxEntriesPerFan: 10 });
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

if (!onRealPostgres) {
  console.info(
    '[sweepstakes] concurrency tests skipped: set TEST_DATABASE_URL to run them on real PostgreSQL',
  );
}
