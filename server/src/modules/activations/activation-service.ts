import type {
  Activation,
  ActivationStatus,
  ActivateUserResult,
  Badge,
} from '@paddock/contracts/api/activations';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { grantBadgeBoosts } from '../rewards/boost-rules.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import type { BadgesTable } from '../rewards/rewards-tables.ts';
import type { ActivationsTable } from './activation-tables.ts';

type ActivationRow = Selectable<ActivationsTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** open inside [startsAt, stopsAt) on the server's clock (DESIGN decision 6). */
export function activationStatus(
  row: Pick<ActivationRow, 'startsAt' | 'stopsAt'>,
  now: Date,
): ActivationStatus {
  if (now < new Date(row.startsAt)) return 'upcoming';
  if (now >= new Date(row.stopsAt)) return 'closed';
  return 'open';
}

export function presentBadge(
  b: Pick<Selectable<BadgesTable>, 'id' | 'name' | 'description' | 'imageMediaId'>,
): Badge {
  return {
    badgeId: b.id,
    name: b.name,
    description: b.description,
    imageMediaId: b.imageMediaId,
    imageUrl: b.imageMediaId ? `/files/${b.imageMediaId}` : null,
  };
}

async function badgesOf(db: Database, activationIds: string[]) {
  const byActivation = new Map<string, Badge[]>();
  if (activationIds.length === 0) return byActivation;
  const rows = await db
    .selectFrom('activationBadges as ab')
    .innerJoin('badges as b', 'b.id', 'ab.badgeId')
    .select(['ab.activationId', 'b.id', 'b.name', 'b.description', 'b.imageMediaId'])
    .where('ab.activationId', 'in', activationIds)
    .orderBy('b.name')
    .execute();
  for (const r of rows) {
    const list = byActivation.get(r.activationId) ?? [];
    list.push(presentBadge(r));
    byActivation.set(r.activationId, list);
  }
  return byActivation;
}

async function present(
  db: Database,
  rows: ActivationRow[],
  userId: string | null,
  now: Date,
): Promise<Activation[]> {
  const ids = rows.map((r) => r.id);
  const badges = await badgesOf(db, ids);
  const mine =
    userId && ids.length > 0
      ? await db
          .selectFrom('activationUsers')
          .select('activationId')
          .where('userId', '=', userId)
          .where('activationId', 'in', ids)
          .execute()
      : [];
  const activated = new Set(mine.map((m) => m.activationId));
  return rows.map((r) => ({
    activationId: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    mediaId: r.mediaId,
    imageUrl: r.mediaId ? `/files/${r.mediaId}` : null,
    startsAt: new Date(r.startsAt).toISOString(),
    stopsAt: new Date(r.stopsAt).toISOString(),
    status: activationStatus(r, now),
    bonusPoints: r.bonusPoints,
    badges: badges.get(r.id) ?? [],
    activated: userId ? activated.has(r.id) : null,
  }));
}

export async function listActivations(
  db: Database,
  organizationId: string,
  userId: string | null,
  now: Date,
) {
  const rows = await db
    .selectFrom('activations')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('startsAt')
    .orderBy('slug')
    .execute();
  return present(db, rows, userId, now);
}

/** SPEC §7 `/activations/{id}`: by id or by slug (the landing page route uses the slug). */
export async function getActivation(
  db: Database,
  organizationId: string,
  idOrSlug: string,
  userId: string | null,
  now: Date,
): Promise<Activation> {
  const row = await db
    .selectFrom('activations')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where((eb) => (UUID.test(idOrSlug) ? eb('id', '=', idOrSlug) : eb('slug', '=', idOrSlug.toLowerCase())))
    .executeTakeFirst();
  if (!row) throw notFound('Activation');
  const [one] = await present(db, [row], userId, now);
  return one as Activation;
}

/**
 * POST /activations/activate-user: inside the window, once per fan. The activation_users
 * primary key makes a repeat (or a concurrent double tap) a no-op answering 200 with nothing
 * new; badges are unique per fan and the bonus carries onceKey `activation:<id>`, so nothing
 * is granted or paid twice whatever the interleaving.
 */
export async function activateUser(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  slug: string,
): Promise<ActivateUserResult> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('activations')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .where('slug', '=', slug.toLowerCase())
      .executeTakeFirst();
    if (!row) throw notFound('Activation');
    const status = activationStatus(row, now);
    if (status !== 'open') {
      throw unprocessable(
        'activation_not_open',
        status === 'upcoming' ? 'This activation has not opened yet' : 'This activation has closed',
        { status },
      );
    }
    const first = await trx
      .insertInto('activationUsers')
      .values({ organizationId, activationId: row.id, userId, activatedAt: now })
      .onConflict((oc) => oc.columns(['activationId', 'userId']).doNothing())
      .returning('userId')
      .executeTakeFirst();
    if (!first) return { activationId: row.id, badges: [], pointsAwarded: 0, alreadyActivated: true };

    const badges = await trx
      .selectFrom('activationBadges as ab')
      .innerJoin('badges as b', 'b.id', 'ab.badgeId')
      .select(['b.id', 'b.name', 'b.description', 'b.imageMediaId'])
      .where('ab.activationId', '=', row.id)
      .orderBy('b.name')
      .execute();
    const granted =
      badges.length > 0
        ? await trx
            .insertInto('userBadges')
            .values(
              badges.map((b) => ({
                organizationId,
                userId,
                badgeId: b.id,
                earnedAt: now,
                how: 'activation',
                reference: row.id,
              })),
            )
            .onConflict((oc) => oc.columns(['userId', 'badgeId']).doNothing())
            .returning('badgeId')
            .execute()
        : [];
    const grantedIds = new Set(granted.map((g) => g.badgeId));
    // Issue 6: a badge may carry a personal boost (e.g. ×2 for the race weekend).
    if (grantedIds.size > 0) {
      await grantBadgeBoosts(trx, { organizationId, userId, badgeIds: [...grantedIds], at: now });
    }
    let pointsAwarded = 0;
    if (row.bonusPoints > 0) {
      const posted = await postPoints(trx, {
        organizationId,
        userId,
        amount: row.bonusPoints,
        kind: 'activation',
        reference: row.id,
        description: `Activation: ${row.title}`,
        onceKey: `activation:${row.id}`,
      });
      if (posted.applied) pointsAwarded = row.bonusPoints;
    }
    return {
      activationId: row.id,
      badges: badges.filter((b) => grantedIds.has(b.id)).map(presentBadge),
      pointsAwarded,
      alreadyActivated: false,
    };
  });
}
