import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import type { LiveEvent } from '../../platform/events/event-bus.ts';
import { orgWithFan } from '../../test/challenge-fixtures.ts';
import { balance, ledgerMismatches } from '../../test/points.ts';
import { pause } from '../../test/realtime-fixtures.ts';
import { type TestFan, useTestApp } from '../../test/test-app.ts';
import { postAwards } from './ledger-awards.ts';
import { postPoints } from './ledger-service.ts';

const t = useTestApp();
const seen: LiveEvent[] = [];
let stop: () => void = () => {};
beforeAll(() => {
  stop = t.deps.events.subscribe((e) => seen.push(e));
});
afterAll(() => stop());

const of = (org: Organization, event: string) =>
  seen.filter((e) => e.organizationId === org.id && e.event === event);

/** Waits until `n` events of the kind arrived (the PostgreSQL bus delivers through NOTIFY), then a little more. */
async function events(org: Organization, event: string, n: number) {
  const end = Date.now() + 3_000;
  while (of(org, event).length < n && Date.now() < end) await pause(20);
  await pause(100);
  return of(org, event);
}

const entryFor = (org: Organization, fan: TestFan) => ({
  organizationId: org.id,
  userId: fan.user.id,
  kind: 'challenge',
  reference: null,
  at: t.clock.now(),
  earning: 'challenges' as const,
});

const lines = [
  { amount: 60, onceKey: 'quiz:q1', description: 'Quiz (Q1)' },
  { amount: 30, onceKey: 'quiz:q2', description: 'Quiz (Q2)' },
  { amount: 20, onceKey: 'quiz:q3', description: 'Quiz (Q3)' },
];

async function ledgerOf(fan: TestFan) {
  const rows = await t.db
    .selectFrom('pointTransactions')
    .select(['amount', 'description', 'onceKey'])
    .where('userId', '=', fan.user.id)
    .execute();
  return rows.sort((a, b) => (a.onceKey ?? '').localeCompare(b.onceKey ?? ''));
}

describe('postAwards', () => {
  it('posts several awards in one statement as if one by one: a line each, an event each with the balance after it, the level-up on the line that crosses', async () => {
    const { org, fan } = await orgWithFan(t);
    const paid = await t.db.transaction().execute((trx) => postAwards(trx, entryFor(org, fan), lines));
    expect(paid).toEqual([60, 30, 20]);
    expect(await balance(t, fan)).toBe(110);
    expect(await ledgerOf(fan)).toEqual([
      { amount: 60, description: 'Quiz (Q1)', onceKey: 'quiz:q1' },
      { amount: 30, description: 'Quiz (Q2)', onceKey: 'quiz:q2' },
      { amount: 20, description: 'Quiz (Q3)', onceKey: 'quiz:q3' },
    ]);
    const awarded = await events(org, 'points_awarded', 3);
    expect(
      awarded.map((e) => [e.topic, e.payload.amount, e.payload.points, e.payload.lifetimePoints]),
    ).toEqual([
      [`fan:${fan.user.id}`, 60, 60, 60],
      [`fan:${fan.user.id}`, 30, 90, 90],
      [`fan:${fan.user.id}`, 20, 110, 110],
    ]);
    // P9 starts at 100 lifetime points: only the third line crosses it.
    const ranks = await events(org, 'rank_changed', 1);
    expect(ranks.map((e) => [e.payload.rank, e.payload.lifetimePoints])).toEqual([
      [{ code: 'P9', name: 'Karting Kid' }, 110],
    ]);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('a line whose once key was posted before pays 0 and announces nothing; the others are paid', async () => {
    const { org, fan } = await orgWithFan(t);
    await t.db
      .transaction()
      .execute((trx) =>
        postPoints(trx, { ...entryFor(org, fan), amount: 30, description: 'Quiz (Q2)', onceKey: 'quiz:q2' }),
      );
    const paid = await t.db.transaction().execute((trx) => postAwards(trx, entryFor(org, fan), lines));
    expect(paid).toEqual([60, 0, 20]);
    expect(await balance(t, fan)).toBe(110);
    expect((await ledgerOf(fan)).map((l) => l.amount)).toEqual([60, 30, 20]);
    const awarded = await events(org, 'points_awarded', 3);
    expect(awarded.map((e) => [e.payload.amount, e.payload.points])).toEqual([
      [30, 30],
      [60, 90],
      [20, 110],
    ]);
    // Posted again, every line was posted before: nothing moves.
    const again = await t.db.transaction().execute((trx) => postAwards(trx, entryFor(org, fan), lines));
    expect(again).toEqual([0, 0, 0]);
    expect(await balance(t, fan)).toBe(110);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('refuses an amount that is not a positive integer, and two lines with one once key, posting nothing', async () => {
    const { org, fan } = await orgWithFan(t);
    const post = (bad: typeof lines) =>
      t.db.transaction().execute((trx) => postAwards(trx, entryFor(org, fan), bad));
    await expect(post([{ amount: 0, onceKey: 'a', description: 'x' }])).rejects.toThrow(/positive integers/);
    await expect(post([{ amount: -5, onceKey: 'a', description: 'x' }])).rejects.toThrow(/positive integers/);
    await expect(post([{ amount: 1.5, onceKey: 'a', description: 'x' }])).rejects.toThrow(
      /positive integers/,
    );
    await expect(
      post([
        { amount: 5, onceKey: 'a', description: 'x' },
        { amount: 5, onceKey: 'a', description: 'y' },
      ]),
    ).rejects.toThrow(/distinct once keys/);
    expect(await balance(t, fan)).toBe(0);
    expect(await ledgerOf(fan)).toEqual([]);
  });
});
