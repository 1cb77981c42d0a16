import { describe, expect, it } from 'vitest';
import { apiCallAtClock as apiCall, createFan, type TestFan, useTimedTestApp } from '../../test/test-app.ts';
import { auditActions } from '../../test/admin-fixtures.ts';
import { balance, fund, ledgerLines, ledgerMismatches } from '../../test/points.ts';
import { makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';

const t = useTimedTestApp();

/** The fan spends points elsewhere (as a sweepstake entry would). */
const spend = (fan: TestFan, amount: number) => fund(t, fan, -amount, 'Sweepstake entry', 'sweepstake_entry');

describe("pick'em settlement", () => {
  async function pickemWithPredictions() {
    const { org, fan } = await orgWithFan(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const pickem = await makeChallenge(t, org, { subtype: 'pickem' });
    const fans = [fan, await createFan(t, org), await createFan(t, org)];
    // fan 0 and 1 pick Driver A (index 0, 50 points); fan 2 picks Driver C (index 2, 80 points).
    for (const [i, f] of fans.entries()) {
      const res = await apiCall(t, f, 'POST', `/api/challenge/${pickem.challengeId}`, {
        responseIndex: i < 2 ? 0 : 2,
      });
      expect(res.json()).toMatchObject({ correct: null, points: 0 });
    }
    return { org, operator, pickem, fans, url: `/api/admin/challenges/${pickem.challengeId}/settle` };
  }

  it('pays nothing on answering, hides the outcome until settled, refuses settling while open', async () => {
    const { operator, pickem, fans, url } = await pickemWithPredictions();
    expect(await balance(t, fans[0] as TestFan)).toBe(0);
    const view = (await apiCall(t, fans[0] as TestFan, 'GET', `/api/challenge/${pickem.challengeId}`)).json();
    expect(view.outcome).toBeNull();
    expect(view.options.every((o: { correct: unknown }) => o.correct === null)).toBe(true);
    const open = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    expect(open.statusCode).toBe(422);
    expect(open.json().code).toBe('challenge_not_closed');
  });

  it('previews, pays correct predictions exactly once, and re-settles a corrected outcome with reversals', async () => {
    const { org, operator, pickem, fans, url } = await pickemWithPredictions();
    const [a, b, c] = fans as [TestFan, TestFan, TestFan];
    t.clock.set('2026-06-02T13:00:00Z');

    const preview = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0, preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      preview: true,
      fansPaid: 2,
      pointsPaid: 100,
      fansReversed: 0,
      pointsReversed: 0,
    });
    expect(await balance(t, a)).toBe(0);

    const settle = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    expect(settle.json()).toMatchObject({
      preview: false,
      fansPaid: 2,
      pointsPaid: 100,
      previousOutcomeIndex: null,
    });
    const twice = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    expect(twice.json()).toMatchObject({ fansPaid: 0, pointsPaid: 0, fansReversed: 0 });
    expect([await balance(t, a), await balance(t, b), await balance(t, c)]).toEqual([50, 50, 0]);
    const seen = (await apiCall(t, a, 'GET', `/api/challenge/${pickem.challengeId}`)).json();
    expect(seen).toMatchObject({
      outcome: 0,
      userResponse: { score: 50, answers: [{ answer: 'Driver A', correct: true }] },
    });

    // Stewards' decision: Driver C wins after all.
    const correctionPreview = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2, preview: true });
    expect(correctionPreview.json()).toMatchObject({
      fansPaid: 1,
      pointsPaid: 80,
      fansReversed: 2,
      pointsReversed: 100,
    });
    const corrected = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2 });
    expect(corrected.json()).toMatchObject({
      previousOutcomeIndex: 0,
      fansPaid: 1,
      pointsPaid: 80,
      fansReversed: 2,
    });
    expect([await balance(t, a), await balance(t, b), await balance(t, c)]).toEqual([0, 0, 80]);
    expect((await ledgerLines(t, a)).map((l) => [l.amount, l.kind])).toEqual([
      [50, 'challenge'],
      [-50, 'reversal'],
    ]);
    expect((await ledgerLines(t, c)).map((l) => [l.amount, l.kind])).toEqual([[80, 'challenge']]);
    const again = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2 });
    expect(again.json()).toMatchObject({ fansPaid: 0, fansReversed: 0 });
    expect(await balance(t, c)).toBe(80);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);

    expect(await auditActions(t, org.id, { targetId: pickem.challengeId })).toEqual([
      'challenge.create',
      'challenge.settle',
      'challenge.settle',
      'challenge.resettle',
      'challenge.settle',
    ]);
  });

  it('a correction never overdraws a fan who already spent the award: it reverses what the balance holds', async () => {
    const { org, operator, fans, url } = await pickemWithPredictions();
    const [a] = fans as [TestFan];
    t.clock.set('2026-06-02T13:00:00Z');
    await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    await spend(a, 40);
    const corrected = await apiCall(t, operator, 'POST', url, { outcomeIndex: 2 });
    expect(corrected.json()).toMatchObject({
      fansReversed: 2,
      pointsReversed: 60,
      fansPaid: 1,
      pointsPaid: 80,
    });
    expect(await balance(t, a)).toBe(0);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('under a ×2 boost, the preview, the result and the audit log show what fans actually received', async () => {
    const { org, operator, fans, url, pickem } = await pickemWithPredictions();
    const [a, b] = fans as [TestFan, TestFan];
    t.clock.set('2026-06-02T13:00:00Z');
    const boost = await apiCall(t, operator, 'POST', '/api/admin/boosts', {
      name: 'race-weekend boost',
      multiplier: 2,
      earning: 'all',
      startsAt: '2026-06-02T12:00:00Z',
      endsAt: '2026-06-03T12:00:00Z',
    });
    expect(boost.statusCode, boost.body).toBe(201);
    const preview = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0, preview: true });
    expect(preview.json()).toMatchObject({
      fansPaid: 2,
      pointsPaid: 200,
      basePointsPaid: 100,
      boosts: [{ label: '×2 race-weekend boost', fans: 2 }],
    });
    const settled = await apiCall(t, operator, 'POST', url, { outcomeIndex: 0 });
    expect(settled.json()).toMatchObject({ fansPaid: 2, pointsPaid: 200, basePointsPaid: 100 });
    expect([await balance(t, a), await balance(t, b)]).toEqual([100, 100]);
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('organizationId', '=', org.id)
      .where('action', '=', 'challenge.settle')
      .where('targetId', '=', pickem.challengeId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).toContain('"pointsPaid":200');
    expect(JSON.stringify(audit)).toContain('×2 race-weekend boost');
  });

  it('refuses an outcome that is not an option', async () => {
    const { operator, url } = await pickemWithPredictions();
    t.clock.set('2026-06-03T00:00:00Z');
    const res = await apiCall(t, operator, 'POST', url, { outcomeIndex: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_option');
  });
});
