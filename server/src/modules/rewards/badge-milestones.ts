import { MILESTONE_KEYS, type MilestoneKey } from '@paddock/contracts/api/badges';
import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { grantBadges, insertBadge } from './badge-records.ts';
import { grantBadgeBoosts } from './boost-rules.ts';

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

  const known = await grantKnownMilestones(trx, input, reached);
  let { defs, granted, names: nameOf } = known;
  await grantBadgeBoosts(trx, { ...input, badgeIds: known.carryingBoosts });
  if (defs.length < MILESTONE_KEYS.length) {
    // First use in this organization: create the missing badges, then grant what is reached.
    defs = await ensureMilestoneBadges(trx, input.organizationId);
    const more = await grantBadges(trx, {
      ...input,
      badges: defs
        .filter((d) => d.enabled && reached.includes(d.key))
        .map((d) => ({ badgeId: d.badgeId, how: 'milestone', reference: d.key })),
    });
    granted = [...granted, ...more];
  }
  if (granted.length === 0) return [];
  if (granted.some((id) => !nameOf.has(id))) {
    // Only on an organization's first milestone: the badges just created were not in the grant's statement.
    const names = await trx.selectFrom('badges').select(['id', 'name']).where('id', 'in', granted).execute();
    nameOf = new Map(names.map((n) => [n.id, n.name]));
  }
  return defs
    .filter((d) => granted.includes(d.badgeId))
    .map((d) => ({ badgeId: d.badgeId, key: d.key, name: nameOf.get(d.badgeId) ?? MILESTONES[d.key].name }));
}

/**
 * The organization's milestone definitions and, in the same statement, the grant of those the
 * fan reached and the operator left enabled (decision 036: a check-in pays one round trip for
 * its milestones, most often granting nothing). The unique (user_id, badge_id) makes a repeat
 * grant nothing. Answers the definitions as they stood, the badge ids granted now and those of
 * them that carry a boost template.
 */
async function grantKnownMilestones(
  trx: Database,
  input: { organizationId: string; userId: string; at: Date },
  reached: MilestoneKey[],
) {
  const { rows } = await grantStatement(trx, { ...input, reached });
  const defs = rows.map(({ key, badgeId, enabled }) => ({ key, badgeId, enabled }));
  const granted = rows.flatMap((r) => (r.grantedId ? [r.grantedId] : []));
  const carryingBoosts = rows.flatMap((r) => (r.grantedId && r.grantedCarriesBoost ? [r.grantedId] : []));
  const names = new Map(
    rows.flatMap((r) => (r.grantedId && r.grantedName ? [[r.grantedId, r.grantedName]] : [])),
  );
  return { defs, granted, names, carryingBoosts };
}

/**
 * grantKnownMilestones' statement, compiled once (decision 036: its SQL never changes, only the
 * values; the milestones reached travel as one array): on PostgreSQL a named statement, parsed
 * and planned once per connection instead of on every check-in.
 */
const grantStatement = compiledStatement(['organizationId', 'userId', 'at', 'reached'], (db, v) =>
  db
    .with('defs', (qb) =>
      qb
        .selectFrom('milestoneBadges')
        .select(['key', 'badgeId', 'enabled'])
        .where('organizationId', '=', v.organizationId),
    )
    .with('ins', (qb) =>
      qb
        .insertInto('userBadges')
        .columns(['organizationId', 'userId', 'badgeId', 'earnedAt', 'how', 'reference'])
        .expression((eb) =>
          eb
            .selectFrom('defs')
            .select([
              // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
              sql<string>`${v.organizationId}::uuid`.as('organizationId'),
              sql<string>`${v.userId}::uuid`.as('userId'),
              'defs.badgeId',
              sql<Date>`${v.at}::timestamptz`.as('earnedAt'),
              sql.lit('milestone').as('how'),
              'defs.key',
            ])
            .where('defs.enabled', '=', sql.lit(true))
            .where(sql<boolean>`defs.key = any(${v.reached}::text[])`),
        )
        .onConflict((oc) => oc.columns(['userId', 'badgeId']).doNothing())
        .returning('badgeId'),
    )
    .selectFrom('defs')
    .leftJoin('ins', 'ins.badgeId', 'defs.badgeId')
    // The granted badges' names ride along (the fan's notification names them): no statement of their own.
    .leftJoin('badges', (join) => join.onRef('badges.id', '=', 'ins.badgeId'))
    .select((eb) => [
      'defs.key',
      'defs.badgeId',
      'defs.enabled',
      'ins.badgeId as grantedId',
      'badges.name as grantedName',
      // Whether a granted badge carries a boost template: most carry none, and then granting its
      // boost reads nothing more (grantBadgeBoosts reads the templates of those that do).
      eb
        .exists(
          eb
            .selectFrom('badgeBoosts')
            .select('badgeBoosts.badgeId')
            .whereRef('badgeBoosts.badgeId', '=', 'ins.badgeId')
            .where('badgeBoosts.organizationId', '=', v.organizationId),
        )
        .as('grantedCarriesBoost'),
    ]),
);
