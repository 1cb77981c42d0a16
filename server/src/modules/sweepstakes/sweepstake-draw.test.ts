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
import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../../test/test-app.ts';
import { auditActions, auditTrail, expectOperatorOnly } from '../../test/admin-fixtures.ts';
import { fund } from '../../test/points.ts';
import { createSweepstake, DAY, HOUR, iso, sweepstakeOrg, travel } from '../../test/sweepstake-fixtures.ts';

const t = useTestApp();

describe('the draw (commit–reveal) and public verification', () => {
  async function enteredSweepstake(counts: number[]) {
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, { costPerEntry: 1 });
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

    const [op, firstFan] = (await travel(t, DAY + HOUR, operator, fans[0] as TestFan)) as [TestFan, TestFan];
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

    const audit = await auditTrail(t, org.id);
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
    const [op] = (await travel(t, DAY + HOUR, operator)) as [TestFan];
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
    const [op] = (await travel(t, DAY + HOUR, operator)) as [TestFan];
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
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator);
    const fan = await createFan(t, org);
    const routes = [
      ['GET', '/api/admin/sweepstakes', undefined],
      [
        'POST',
        '/api/admin/sweepstakes',
        { title: 'x', prize: 'y', startsAt: iso(0), endsAt: iso(DAY), costPerEntry: 1 },
      ],
      ['PATCH', `/api/admin/sweepstakes/${s.sweepstakeId}`, { title: 'z' }],
      ['POST', `/api/admin/sweepstakes/${s.sweepstakeId}/draw`, { winners: 1 }],
      ['GET', `/api/admin/sweepstakes/${s.sweepstakeId}/entries.csv`, undefined],
    ] as const;
    await expectOperatorOnly(t, fan, routes);
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
    const { org, operator } = await sweepstakeOrg(t);
    const s = await createSweepstake(t, operator, { costPerEntry: 5 });
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
    const [op] = (await travel(t, DAY + HOUR, operator)) as [TestFan];
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
    expect(await auditActions(t, org.id)).toEqual([
      'sweepstake.create',
      'sweepstake.update',
      'sweepstake.draw',
      'sweepstake.export_entries',
    ]);
  });
});
