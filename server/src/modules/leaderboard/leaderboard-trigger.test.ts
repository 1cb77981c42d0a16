import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerLine } from '../../test/leaderboard-fixtures.ts';
import { createFan, createOrg, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const DAY = 24 * 3600_000;

/** The Monday (UTC) of an instant's week, as the board's key: week:YYYY-MM-DD. */
function weekOf(at: Date): string {
  const monday = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY);
  return `week:${monday.toISOString().slice(0, 10)}`;
}

/**
 * The boards follow the ledger through its trigger (decision 025; an award in one upsert since
 * its amendment of 2026-11-28). Here the expected boards are summed in JavaScript from the lines
 * written, so any board the trigger missed, doubled or dated wrongly shows as a difference.
 */
describe('the boards kept by the ledger trigger', () => {
  it('holds, for every week, the season and a race weekend, each fan’s sum and when they reached it', async () => {
    const org = await createOrg(t, { timeZone: 'UTC' });
    const fans = [await createFan(t, org), await createFan(t, org), await createFan(t, org)];
    const weekendStart = new Date('2026-06-12T12:00:00Z');
    const weekendEnd = new Date('2026-06-15T00:00:00Z');
    const { rows } = await sql<{ id: string }>`
      insert into leaderboard_weekends (organization_id, name, starts_at, ends_at)
      values (${org.id}, 'Grand Prix', ${weekendStart}, ${weekendEnd}) returning id`.execute(t.db);
    const weekend = `weekend:${rows[0]!.id}`;

    // Forty awards over two and a half weeks, fans and amounts in a fixed pseudo-random order.
    const expected = new Map<string, { points: number; reachedAt: number }>();
    const add = (period: string, userId: string, amount: number, at: Date) => {
      const key = `${period}/${userId}`;
      const row = expected.get(key) ?? { points: 0, reachedAt: 0 };
      expected.set(key, { points: row.points + amount, reachedAt: at.getTime() });
    };
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const start = new Date('2026-06-03T09:00:00Z').getTime();
    for (let i = 0; i < 40; i++) {
      const at = new Date(start + i * 11 * 3600_000);
      const fan = fans[next() % fans.length]!;
      const amount = 1 + (next() % 50);
      await ledgerLine(t, org, fan.user.id, amount, at);
      add(weekOf(at), fan.user.id, amount, at);
      add('season:2026-01-01', fan.user.id, amount, at);
      if (at >= weekendStart && at < weekendEnd) add(weekend, fan.user.id, amount, at);
    }
    // A spend is no part of any board.
    await ledgerLine(t, org, fans[0]!.user.id, -5, new Date(start + 40 * 11 * 3600_000), 'sweepstake_entry');

    const boards = await t.db
      .selectFrom('leaderboardScores')
      .select(['period', 'userId', 'points', 'reachedAt'])
      .where('organizationId', '=', org.id)
      .execute();
    const actual = new Map(
      boards.map((b) => [
        `${b.period}/${b.userId}`,
        { points: b.points, reachedAt: new Date(b.reachedAt).getTime() },
      ]),
    );
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    // The weekend and three weeks were all written to.
    const periods = new Set(boards.map((b) => b.period));
    expect(periods.has(weekend)).toBe(true);
    expect([...periods].filter((p) => p.startsWith('week:')).length).toBe(3);
  });
});
