import { describe, expect, it } from 'vitest';
import { makeBoost, makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';
import { balance, ledgerLines, ledgerMismatches } from '../../test/points.ts';
import { commitsSentWithStatement } from '../../db/deferred-begin.ts';
import { commitRefusals } from '../../test/metrics.ts';
import { apiCall, createFan, onRealPostgres, type TestFan, useTestApp } from '../../test/test-app.ts';

/**
 * A poll's answer records the response and pays it into the ledger in one statement (decision
 * 039). What a fan sees must be what postPoints would have posted: the boosted amount, the
 * boost's label on the history line, the response keeping what was paid, once.
 */
const t = useTestApp();

const answer = (fan: TestFan, challengeId: string, responseIndex: number) =>
  apiCall(t, fan, 'POST', `/api/challenge/${challengeId}`, { responseIndex });

/** The fan's response row as stored: what the challenge screens show as the fan's score. */
const storedResponse = (fan: TestFan, challengeId: string) =>
  t.db
    .selectFrom('challengeResponses')
    .select(['status', 'optionIndex', 'pointsAwarded'])
    .where('challengeId', '=', challengeId)
    .where('userId', '=', fan.user.id)
    .executeTakeFirst();

const boost = (operator: TestFan, body: Record<string, unknown>) => makeBoost(t, operator, body);

describe('a poll answer pays in the statement that records it', () => {
  it('pays the option under the fan’s best boost, rounded half up, and the response, history and balance agree', async () => {
    const { org, fan } = await orgWithFan(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const other = await createFan(t, org);
    await boost(operator, { name: 'Fan-zone boost', multiplier: 1.5 });
    await boost(operator, { name: 'VIP boost', multiplier: 2.5, userId: fan.user.id });
    // A boost for another kind of earning never applies to a poll.
    await boost(operator, { name: 'video week', multiplier: 3, earning: 'content' });
    const poll = await makeChallenge(t, org, {
      subtype: 'poll',
      title: 'Tyre call',
      options: [
        { text: 'Hard tyres', points: 15 },
        { text: 'Medium tyres', points: 0 },
      ],
    });

    const mine = await answer(fan, poll.challengeId, 0);
    expect(mine.statusCode, mine.body).toBe(200);
    // 15 × 2.5 = 37.5 → 38: the fan's own boost beats the organization's.
    expect(mine.json()).toMatchObject({ points: 38, challenge: { userResponse: { score: 38 } } });
    expect(await storedResponse(fan, poll.challengeId)).toEqual({
      status: 'completed',
      optionIndex: 0,
      pointsAwarded: 38,
    });
    expect(await ledgerLines(t, fan)).toEqual([
      { amount: 38, kind: 'challenge', description: 'Poll: Tyre call ×2.5 VIP boost' },
    ]);
    expect(await balance(t, fan)).toBe(38);

    // 15 × 1.5 = 22.5 → 23 for a fan with only the organization's boost.
    expect((await answer(other, poll.challengeId, 0)).json()).toMatchObject({ points: 23 });
    expect(await ledgerLines(t, other)).toEqual([
      { amount: 23, kind: 'challenge', description: 'Poll: Tyre call ×1.5 Fan-zone boost' },
    ]);

    // A second answer is refused and pays nothing more.
    const again = await answer(fan, poll.challengeId, 1);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('already_answered');
    expect(await balance(t, fan)).toBe(38);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('an option worth nothing records 0 and writes no ledger line, even under a boost', async () => {
    const { org, fan } = await orgWithFan(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    await boost(operator, {});
    const poll = await makeChallenge(t, org, {
      subtype: 'poll',
      options: [
        { text: 'Hard tyres', points: 10 },
        { text: 'No opinion', points: 0 },
      ],
    });
    const res = await answer(fan, poll.challengeId, 1);
    expect(res.json()).toMatchObject({ points: 0, completed: true });
    expect(await storedResponse(fan, poll.challengeId)).toMatchObject({ optionIndex: 1, pointsAwarded: 0 });
    expect(await ledgerLines(t, fan)).toEqual([]);
  });

  it('never pays a poll twice: with the response gone (a support deletion), a new answer is recorded with the 0 it was paid', async () => {
    const { org, fan } = await orgWithFan(t);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    expect((await answer(fan, poll.challengeId, 1)).json()).toMatchObject({ points: 20 });
    await t.db
      .deleteFrom('challengeResponses')
      .where('challengeId', '=', poll.challengeId)
      .where('userId', '=', fan.user.id)
      .execute();
    const again = await answer(fan, poll.challengeId, 0);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ points: 0 });
    expect(await storedResponse(fan, poll.challengeId)).toMatchObject({ optionIndex: 0, pointsAwarded: 0 });
    expect(await ledgerLines(t, fan)).toEqual([expect.objectContaining({ amount: 20 })]);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  // Decision 036, amendment of 2026-12-07: the answer's statement carries the transaction's commit.
  it('commits with the answer’s statement, and runs the long way when the once key was paid before', async () => {
    const { org, fan } = await orgWithFan(t);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const carried = commitsSentWithStatement();
    const refused = await commitRefusals('challenge_answer');
    expect((await answer(fan, poll.challengeId, 1)).json()).toMatchObject({ points: 20 });
    // On PostgreSQL the commit left with the statement; PGlite's worker runs it after, as before.
    expect(commitsSentWithStatement() - carried).toBe(onRealPostgres ? 1 : 0);
    expect(await commitRefusals('challenge_answer')).toBe(refused);
    await t.db
      .deleteFrom('challengeResponses')
      .where('challengeId', '=', poll.challengeId)
      .where('userId', '=', fan.user.id)
      .execute();
    // The 0 the ledger paid must be written back to the response: a further write, the long way.
    expect((await answer(fan, poll.challengeId, 0)).json()).toMatchObject({ points: 0 });
    expect(await commitRefusals('challenge_answer')).toBe(refused + 1);
    expect(await storedResponse(fan, poll.challengeId)).toMatchObject({ optionIndex: 0, pointsAwarded: 0 });
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('one fan’s concurrent answers: exactly one is recorded and paid, the others are already_answered', async () => {
    const { org, fan } = await orgWithFan(t);
    const poll = await makeChallenge(t, org, { subtype: 'poll' });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => answer(fan, poll.challengeId, i % 2)),
    );
    const paid = results.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
      Array.from({ length: 15 }, () => 'already_answered'),
    );
    const points = paid[0]?.json().points as number;
    expect([10, 20]).toContain(points);
    expect(await balance(t, fan)).toBe(points);
    expect((await storedResponse(fan, poll.challengeId))?.pointsAwarded).toBe(points);
    expect(await ledgerLines(t, fan)).toHaveLength(1);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });
});
