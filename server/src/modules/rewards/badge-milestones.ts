import { MILESTONE_KEYS, type MilestoneKey } from '@paddock/contracts/api/badges';
import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { grantBadges, insertBadge } from './badge-records.ts';

/** The automatic milestones (product §12.3), with the badge each creates on first use. */
export const MILESTONES: Record<MilestoneKey, { name: string; description: string; rule: string }> = {
  streak_7: {
    name: '7-day streak',
    description: 'Checked in seven days in a row.',
    rule: 'Check in 7 days in a row',
  },
  streak_30: {
    name: '30-day streak',
    description: 'Checked in thirty days in a row.',
    rule: 'Check in 30 days in a row',
  },
  streak_100: {
    name: '100-day streak',
    description: 'Checked in a hundred days in a row.',
    rule: 'Check in 100 days in a row',
  },
  first_pickem_won: {
    name: 'First pick’em won',
    description: 'Called a race result right for the first time.',
    rule: 'Win a first pick’em',
  },
  season_participation: {
    name: 'Season participant',
    description: 'Took part in the season.',
    rule: 'Take part in the season',
  },
};

const STREAKS: [number, MilestoneKey][] = [
  [7, 'streak_7'],
  [30, 'streak_30'],
  [100, 'streak_100'],
];

export type MilestoneEvent = 'pickem_won' | 'season_participation';

/**
 * The organization's milestone badges, created on first use. Creation takes a transaction-
 * scoped advisory lock on the organization, so two fans reaching a milestone at once cannot
 * create the badge twice (and the unique (organization_id, key) backs that up).
 */
export async function ensureMilestoneBadges(trx: Database, organizationId: string) {
  const read = () =>
    trx
      .selectFrom('milestoneBadges')
      .select(['key', 'badgeId', 'enabled'])
      .where('organizationId', '=', organizationId)
      .execute();
  let rows = await read();
  if (rows.length === MILESTONE_KEYS.length) return rows;
  await sql`select pg_advisory_xact_lock(hashtext(${`paddock:milestones:${organizationId}`}))`.execute(trx);
  rows = await read();
  const have = new Set(rows.map((r) => r.key));
  for (const key of MILESTONE_KEYS) {
    if (have.has(key)) continue;
    const def = MILESTONES[key];
    const badgeId = await insertBadge(
      trx,
      organizationId,
      { name: def.name, description: def.description, imageMediaId: null },
      'milestone',
    );
    await trx.insertInto('milestoneBadges').values({ organizationId, key, badgeId }).execute();
  }
  return read();
}

export interface MilestoneAward {
  badgeId: string;
  key: MilestoneKey;
  name: string;
}

/**
 * Grants the milestone badges a fan has reached — streaks of 7/30/100 days (pass the streak
 * after today's check-in), a first pick'em won, season participation — each exactly once: the
 * unique (user_id, badge_id) of user_badges makes a repeat, a retry or a race grant nothing.
 * A milestone the operator disabled grants nothing. Run it inside the transaction that made
 * the achievement, with `at` from the server's clock. Also grants the boosts those badges
 * carry. Returns the badges granted by this call (empty when none are new).
 */
export async function awardMilestoneBadges(
  trx: Database,
  input: {
    organizationId: string;
    userId: string;
    at: Date;
    streakDays?: number;
    event?: MilestoneEvent;
  },
): Promise<MilestoneAward[]> {
  const reached: MilestoneKey[] = [];
  for (const [days, key] of STREAKS) if ((input.streakDays ?? 0) >= days) reached.push(key);
  if (input.event === 'pickem_won') reached.push('first_pickem_won');
  if (input.event === 'season_participation') reached.push('season_participation');
  if (reached.length === 0) return [];

  const defs = await ensureMilestoneBadges(trx, input.organizationId);
  const wanted = defs.filter((d) => d.enabled && reached.includes(d.key));
  if (wanted.length === 0) return [];
  const ids = await grantBadges(trx, {
    organizationId: input.organizationId,
    userId: input.userId,
    at: input.at,
    badges: wanted.map((d) => ({ badgeId: d.badgeId, how: 'milestone', reference: d.key })),
  });
  if (ids.length === 0) return [];
  const names = await trx.selectFrom('badges').select(['id', 'name']).where('id', 'in', ids).execute();
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return wanted
    .filter((d) => ids.includes(d.badgeId))
    .map((d) => ({ badgeId: d.badgeId, key: d.key, name: nameOf.get(d.badgeId) ?? MILESTONES[d.key].name }));
}
