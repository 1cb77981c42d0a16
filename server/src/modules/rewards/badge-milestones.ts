import { MILESTONE_KEYS, type MilestoneKey } from '@paddock/contracts/api/badges';
import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { type MilestoneOutcome, milestonesColumn, withMilestoneGrant } from './badge-milestone-ctes.ts';
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
 * The milestones a fan's achievement reaches: the streaks of 7/30/100 days (pass the streak after
 * today's check-in) and the event's own milestone.
 */
export function milestonesReached(input: { streakDays?: number; event?: MilestoneEvent }): MilestoneKey[] {
  const reached: MilestoneKey[] = [];
  for (const [days, key] of STREAKS) if ((input.streakDays ?? 0) >= days) reached.push(key);
  if (input.event === 'pickem_won') reached.push('first_pickem_won');
  if (input.event === 'season_participation') reached.push('season_participation');
  return reached;
}

/**
 * Grants the milestone badges a fan has reached — streaks of 7/30/100 days (pass the streak
 * after today's check-in), a first pick'em won, season participation — each exactly once: the
 * unique (user_id, badge_id) of user_badges makes a repeat, a retry or a race grant nothing.
 * A milestone the operator disabled grants nothing. Run it inside the transaction that made
 * the achievement, with `at` from the server's clock. Also grants the boosts those badges
 * carry. Returns the badges granted by this call (empty when none are new). A caller that
 * writes its achievement in a statement of its own grants in that statement instead
 * (badge-milestone-ctes.ts) and finishes with milestonesGrantedInStatement.
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
  const reached = milestonesReached(input);
  if (reached.length === 0) return [];
  const { rows } = await grantStatement(trx, { ...input, reached });
  return milestonesGrantedInStatement(trx, input, reached, rows[0]?.milestones ?? []);
}

/**
 * What follows a grant made in a statement (withMilestoneGrant, from its `milestones` column):
 * the boosts the new badges carry and, on an organization's first milestone (its definitions
 * not there yet, so the statement granted nothing), the definitions created and the grant made
 * now. Answers the badges granted.
 */
export async function milestonesGrantedInStatement(
  trx: Database,
  input: { organizationId: string; userId: string; at: Date },
  reached: readonly MilestoneKey[],
  outcomes: readonly MilestoneOutcome[],
): Promise<MilestoneAward[]> {
  if (reached.length === 0) return [];
  let defs: { key: MilestoneKey; badgeId: string; enabled: boolean }[] = outcomes.map(
    ({ key, badgeId, enabled }) => ({ key, badgeId, enabled }),
  );
  let granted = outcomes.flatMap((o) => (o.grantedId ? [o.grantedId] : []));
  const carryingBoosts = outcomes.flatMap((o) => (o.grantedId && o.grantedCarriesBoost ? [o.grantedId] : []));
  let nameOf = new Map(
    outcomes.flatMap((o) => (o.grantedId && o.grantedName ? [[o.grantedId, o.grantedName]] : [])),
  );
  await grantBadgeBoosts(trx, { ...input, badgeIds: carryingBoosts });
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
 * awardMilestoneBadges' statement, compiled once (decision 036: its SQL never changes, only the
 * values; the milestones reached travel as one array): on PostgreSQL a named statement, parsed
 * and planned once per connection instead of on every call.
 */
const grantStatement = compiledStatement(['organizationId', 'userId', 'at', 'reached'], (db, v) =>
  withMilestoneGrant(
    db.with('milestoneReached', (qb) =>
      qb.selectNoFrom(sql<MilestoneKey>`unnest(${v.reached}::text[])`.as('key')),
    ),
    v,
  ).selectNoFrom((eb) => [milestonesColumn(eb, v)]),
);
