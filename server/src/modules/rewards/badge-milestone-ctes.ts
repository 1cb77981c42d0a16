import { MILESTONE_KEYS, type MilestoneKey } from '@paddock/contracts/api/badges';
import { type Expression, type ExpressionBuilder, type QueryCreator, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The milestone grant written inside its caller's statement (decision 036, amendment of
 * 2026-11-28, as decision 039 did for ledger lines): a check-in's row, its points and the
 * milestones it reaches commit in one round trip instead of two. The rewards module still owns
 * every write to the badge tables: the caller names, as a CTE `milestoneReached`, the milestone
 * keys its record reached (no rows when the record did not go in), and this adds the grant. What
 * follows (the boosts the badges carry, an organization's first milestone) is the caller's call
 * to `milestonesGrantedInStatement` (badge-milestones.ts).
 */

/** The CTE a caller's statement provides: a row per milestone key reached, none when nothing was. */
export interface MilestoneReachedCte {
  milestoneReached: { key: MilestoneKey };
}

/** What the grant's CTEs add for the caller's statement to read. */
export interface MilestoneGrantCtes {
  milestoneDefs: { key: MilestoneKey; badgeId: string; enabled: boolean };
  milestoneGrant: { badgeId: string };
}

/** The grant's values; each is a compiledStatement placeholder of the caller's statement. */
export interface MilestoneGrantValues {
  organizationId: unknown;
  userId: unknown;
  at: unknown;
}

/**
 * One of the organization's milestone definitions as the statement found it, and whether this
 * statement granted its badge to the fan (with the badge's name, and whether a boost template
 * rides on it: most carry none, and then granting its boost reads nothing more).
 */
export interface MilestoneOutcome {
  key: MilestoneKey;
  badgeId: string;
  enabled: boolean;
  grantedId: string | null;
  grantedName: string | null;
  grantedCarriesBoost: boolean;
}

/**
 * Adds `milestoneDefs` (the organization's milestone definitions) and `milestoneGrant` (the fan's
 * new badges: those reached and left enabled by the operator; the unique (user_id, badge_id)
 * makes a repeat grant nothing) to the caller's statement, fed by its `milestoneReached`.
 */
export function withMilestoneGrant<D extends DB & MilestoneReachedCte>(
  qc: QueryCreator<D>,
  v: MilestoneGrantValues,
) {
  // Typed on the concrete schema, as ledger-ctes.ts does: Kysely cannot follow a generic one.
  const q = qc as unknown as QueryCreator<DB & MilestoneReachedCte>;
  const withGrant = q
    .with('milestoneDefs', (qb) =>
      qb
        .selectFrom('milestoneBadges')
        .select(['key', 'badgeId', 'enabled'])
        .where('organizationId', '=', sql<string>`${v.organizationId}::uuid`),
    )
    .with('milestoneGrant', (qb) =>
      qb
        .insertInto('userBadges')
        .columns(['organizationId', 'userId', 'badgeId', 'earnedAt', 'how', 'reference'])
        .expression((eb) =>
          eb
            .selectFrom('milestoneDefs')
            .select([
              // Typed: a parameter in an INSERT's SELECT list is text to PostgreSQL otherwise.
              sql<string>`${v.organizationId}::uuid`.as('organizationId'),
              sql<string>`${v.userId}::uuid`.as('userId'),
              'milestoneDefs.badgeId',
              sql<Date>`${v.at}::timestamptz`.as('earnedAt'),
              sql.lit('milestone').as('how'),
              'milestoneDefs.key',
            ])
            .where('milestoneDefs.enabled', '=', sql.lit(true))
            .where(
              'milestoneDefs.key',
              'in',
              eb.selectFrom('milestoneReached').select('milestoneReached.key'),
            ),
        )
        .onConflict((oc) => oc.columns(['userId', 'badgeId']).doNothing())
        .returning('badgeId'),
    );
  return withGrant as unknown as QueryCreator<D & MilestoneGrantCtes>;
}

/**
 * The statement's `milestones` column: a `MilestoneOutcome` per definition, as JSON with these
 * keys (the camel-case plugin leaves nested keys alone). The granted badges' names ride along
 * (the fan's notification names them): no statement of their own.
 */
export function milestonesColumn(
  eb: ExpressionBuilder<DB & MilestoneGrantCtes, never>,
  v: Pick<MilestoneGrantValues, 'organizationId'>,
) {
  return eb
    .selectFrom('milestoneDefs')
    .leftJoin('milestoneGrant', 'milestoneGrant.badgeId', 'milestoneDefs.badgeId')
    .leftJoin('badges', (join) => join.onRef('badges.id', '=', 'milestoneGrant.badgeId'))
    .select((o) => {
      const carriesBoost = o.exists(
        o
          .selectFrom('badgeBoosts')
          .select('badgeBoosts.badgeId')
          .whereRef('badgeBoosts.badgeId', '=', 'milestoneGrant.badgeId')
          .where('badgeBoosts.organizationId', '=', sql<string>`${v.organizationId}::uuid`),
      );
      return sql<MilestoneOutcome[]>`coalesce(json_agg(json_build_object(
        'key', ${o.ref('milestoneDefs.key')},
        'badgeId', ${o.ref('milestoneDefs.badgeId')},
        'enabled', ${o.ref('milestoneDefs.enabled')},
        'grantedId', ${o.ref('milestoneGrant.badgeId')},
        'grantedName', ${o.ref('badges.name')},
        'grantedCarriesBoost', ${carriesBoost}
      )), '[]'::json)`.as('milestones');
    })
    .as('milestones');
}

/**
 * True when the grant leaves work for milestonesGrantedInStatement: a new badge that carries a
 * boost (its boost is granted by a further statement), or milestones reached in an organization
 * whose definitions are not all there yet (its first milestone creates them). A caller whose
 * statement commits with itself refuses to commit then (db/commit-refusal.ts).
 */
export function milestoneFollowUpNeeded(
  eb: ExpressionBuilder<DB & MilestoneReachedCte & MilestoneGrantCtes, never>,
  v: Pick<MilestoneGrantValues, 'organizationId'>,
): Expression<SqlBool> {
  const definitions = eb.selectFrom('milestoneDefs').select((s) => s.fn.countAll<number>().as('n'));
  return eb.or([
    eb.exists(
      eb
        .selectFrom('milestoneGrant')
        .innerJoin('badgeBoosts', 'badgeBoosts.badgeId', 'milestoneGrant.badgeId')
        .select('badgeBoosts.badgeId')
        .where('badgeBoosts.organizationId', '=', sql<string>`${v.organizationId}::uuid`),
    ),
    eb.and([
      eb.exists(eb.selectFrom('milestoneReached').select('milestoneReached.key')),
      eb(definitions, '<', sql.lit(MILESTONE_KEYS.length)),
    ]),
  ]);
}
