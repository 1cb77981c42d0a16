import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeChallenge, orgWithFan } from '../../test/challenge-fixtures.ts';
import { createFan, type TestFan, useTestApp } from '../../test/test-app.ts';
import {
  committedBefore,
  forgetVotes,
  parseSnapshot,
  recordVote,
  voteAggregates,
} from './challenge-votes.ts';

const t = useTestApp();

/**
 * A completed poll response written straight to the database (an answer no process announced);
 * answers its transaction's id, as the answer's first statement reads it.
 */
async function respond(fan: TestFan, challengeId: string, optionIndex: number): Promise<string> {
  return t.db.transaction().execute(async (trx) => {
    await trx
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
    const { rows } = await sql<{ xact: string }>`select pg_current_xact_id()::text as xact`.execute(trx);
    return rows[0]!.xact;
  });
}

const counts = async (challengeId: string) => {
  const aggregate = (await voteAggregates(t.db, [challengeId], new Set())).get(challengeId);
  return { first: aggregate?.votes.get(`${challengeId}:0`) ?? 0, total: aggregate?.total };
};

describe('a transaction seen by a snapshot', () => {
  it('is one below xmin, or below xmax and not running then', () => {
    // xmin is the oldest transaction still running, so it is in the list when any is.
    const snapshot = parseSnapshot('10:20:10,12,15');
    const seen = [9n, 10n, 12n, 13n, 15n, 19n, 20n, 25n].filter((x) => committedBefore(x, snapshot));
    expect(seen).toEqual([9n, 13n, 19n]);
    expect(committedBefore(5n, parseSnapshot('7:7:'))).toBe(true);
    expect(committedBefore(7n, parseSnapshot('7:7:'))).toBe(false);
  });
});

// Decision 032: the counts kept for a second are a read plus the answers this process committed
// that the read's snapshot lacks; never an answer twice, never one left out for the fan who made it.
describe('the vote counts kept in memory', () => {
  it('add an answer committed after they were read, without reading again', async () => {
    const { org, fan } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    expect(await counts(challengeId)).toEqual({ first: 0, total: 0 });
    recordVote(challengeId, { add: `${challengeId}:0`, newFan: true }, await respond(fan, challengeId, 0));
    // Another process's answer, not announced here: the kept counts do not know it yet.
    await respond(await createFan(t, org), challengeId, 0);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });

  it('do not add an answer their read already saw', async () => {
    const { org, fan } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    const xact = await respond(fan, challengeId, 0);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
    recordVote(challengeId, { add: `${challengeId}:0`, newFan: true }, xact);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });

  it('add an answer recorded while they were being read when the read did not see it, and are kept', async () => {
    const { org } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    const inFlight = counts(challengeId);
    // Recorded before the read lands, by a transaction no snapshot has seen yet (ids grow).
    recordVote(challengeId, { add: `${challengeId}:0`, newFan: true }, String(2n ** 62n));
    expect(await inFlight).toEqual({ first: 1, total: 1 });
    // Kept: another process's answer is not read until the counts lapse.
    await respond(await createFan(t, org), challengeId, 0);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });

  it('do not add an answer recorded while they were being read when the read saw it', async () => {
    const { org, fan } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    const xact = await respond(fan, challengeId, 0);
    const inFlight = counts(challengeId);
    recordVote(challengeId, { add: `${challengeId}:0`, newFan: true }, xact);
    expect(await inFlight).toEqual({ first: 1, total: 1 });
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });

  it('are read afresh after an answer that could not say what it changed', async () => {
    const { org, fan } = await orgWithFan(t);
    const { challengeId } = await makeChallenge(t, org, { subtype: 'poll' });
    expect(await counts(challengeId)).toEqual({ first: 0, total: 0 });
    await respond(fan, challengeId, 0);
    forgetVotes(challengeId);
    expect(await counts(challengeId)).toEqual({ first: 1, total: 1 });
  });
});
