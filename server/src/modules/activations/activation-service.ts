import type {
  Activation,
  ActivationStatus,
  ActivateUserResult,
  Badge,
} from '@paddock/contracts/api/activations';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall, ViewerCall } from '../../platform/service-call.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { type BadgeFields, badgesByIds, grantBadges } from '../rewards/badge-records.ts';
import type { ActivationsTable } from './activation-tables.ts';

type ActivationRow = Selectable<ActivationsTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** open inside [startsAt, stopsAt) on the server's clock (decision 006). */
export function activationStatus(
  row: Pick<ActivationRow, 'startsAt' | 'stopsAt'>,
  now: Date,
): ActivationStatus {
  if (now < new Date(row.startsAt)) return 'upcoming';
  if (now >= new Date(row.stopsAt)) return 'closed';
  return 'open';
}

export function presentBadge(b: BadgeFields & { id: string }): Badge {
  return {
    badgeId: b.id,
    name: b.name,
    description: b.description,
    imageMediaId: b.imageMediaId,
    imageUrl: b.imageMediaId ? `/files/${b.imageMediaId}` : null,
  };
}

/**
 * The badges each activation grants, by activation id, ordered by name (or by creation, for
 * the console): ids from the link table, the badges themselves from rewards.
 */
export async function badgesOf(db: Database, activationIds: string[], order: 'name' | 'createdAt' = 'name') {
  const byActivation = new Map<string, (BadgeFields & { id: string; createdAt: Date })[]>();
  if (activationIds.length === 0) return byActivation;
  const links = await db
    .selectFrom('activationBadges')
    .select(['activationId', 'badgeId'])
    .where('activationId', 'in', activationIds)
    .execute();
  const badges = await badgesByIds(
    db,
    links.map((l) => l.badgeId),
    order,
  );
  for (const badge of badges) {
    for (const link of links.filter((l) => l.badgeId === badge.id)) {
      const list = byActivation.get(link.activationId) ?? [];
      list.push(badge);
      byActivation.set(link.activationId, list);
    }
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
    badges: (badges.get(r.id) ?? []).map(presentBadge),
    activated: userId ? activated.has(r.id) : null,
  }));
}

export async function listActivations(call: ViewerCall) {
  const { db, userId, now } = call;
  const organizationId = call.org.id;
  const rows = await db
    .selectFrom('activations')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('startsAt')
    .orderBy('slug')
    .execute();
  return present(db, rows, userId, now);
}

/** Product §7 `/activations/{id}`: by id or by slug (the landing page route uses the slug). */
export async function getActivation(call: ViewerCall, idOrSlug: string): Promise<Activation> {
  const { db, userId, now } = call;
  const organizationId = call.org.id;
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
export async function activateUser(call: FanCall, slug: string): Promise<ActivateUserResult> {
  const { userId, now } = call;
  const organizationId = call.org.id;
  return call.db.transaction().execute(async (trx) => {
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

    const badges = (await badgesOf(trx, [row.id])).get(row.id) ?? [];
    const grantedIds = new Set(
      // Product §12.3: a badge may carry a personal boost (e.g. ×2 for the race weekend); grantBadges grants it.
      await grantBadges(trx, {
        organizationId,
        userId,
        at: now,
        badges: badges.map((b) => ({ badgeId: b.id, how: 'activation', reference: row.id })),
      }),
    );
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
