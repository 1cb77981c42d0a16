import { describe, expect, it } from 'vitest';
import { makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';
import { createFan, type TestFan, useTestApp } from '../../test/test-app.ts';
import { recordVote, voteAggregates } from './challenge-votes.ts';

const t = useTestApp();

/** A completed poll response written straight to the database (an answer no process announced). */
async function respond(fan: TestFan, challengeId: string, optionIndex: number) {
  await t.db
    .insertInto('challengeResponses')
    .values({
      organizationId: fan.org.id,
      challengeId,
      userId: fan.user.id,
      status: 'completed',
      optionIndex,
      pointsAwarded: 0,
      createdAt: new Date(),
      completedAt: new Date(),
    })
    .execute();
}

const counts = async (challengeId: string) => {
  const aggregate = (await voteAggregates(t.db, [challengeId], new Set())).get(challengeId);
  return { first: aggregate?.votes.get(`${challengeId}:0`) ?? 0, total: aggregate?.total };
};

// Decision 032: the counts kept for a second are a read plus the answers this process committed
// after that read finished; never an answer twice, never one left out for the fan who made it.
describe('the vote counts kept in memory', () => {
  it('add an answer committed after they were read, without reading again', async () => {
    const { org, fan } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    expect(await counts(challengeId)).toEqual({ first: 0, total: 0 });
    const committing = performance.now();
    await respond(fan, challengeId, 0);
    recordVote(challengeId, { add: `${challengeId}:0`, newFan: true }, committing);
    // Another process's answer, not announced here: the kept counts do not know it yet.
    await respond(await createFan(t, org), challengeId, 0);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });

  it('are dropped, not added to, when read after the answer’s commit was sent (the read may have seen it)', async () => {
    const { org, fan } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    const committing = performance.now();
    await respond(fan, challengeId, 0);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
    recordVote(challengeId, { add: `${challengeId}:0`, newFan: true }, committing);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });

  it('are not kept from a read that was in flight when an answer committed', async () => {
    const { org, fan } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    const inFlight = counts(challengeId);
    recordVote(challengeId, { add: `${challengeId}:0`, newFan: true }, performance.now());
    await inFlight;
    await respond(fan, challengeId, 0);
    // Kept, the in-flight read would still say 0 here.
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });
});
