import type { AdminActivation, adminActivationInputSchema } from '@paddock/contracts/api/admin-content';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Database } from '../../db/engine.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/sql-errors.ts';
import { writeAudit } from '../../admin/audit.ts';
import type { Actor } from '../../admin/fan-admin-service.ts';

type ActivationInput = z.output<typeof adminActivationInputSchema>;
const iso = (d: Date | string) => new Date(d).toISOString();

export const activationLink = (siteUrl: string | undefined, slug: string) =>
  `${(siteUrl ?? '').replace(/\/$/, '')}/activations/${encodeURIComponent(slug)}`;

async function present(
  db: Kysely<DB>,
  organizationId: string,
  siteUrl: string | undefined,
  now: Date,
  id?: string,
): Promise<AdminActivation[]> {
  let query = db.selectFrom('activations').selectAll().where('organizationId', '=', organizationId);
  if (id) query = query.where('id', '=', id);
  const rows = await query.orderBy('startsAt', 'desc').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const badges = await db
    .selectFrom('activationBadges as ab')
    .innerJoin('badges as b', 'b.id', 'ab.badgeId')
    .select(['ab.activationId', 'b.id', 'b.name', 'b.description', 'b.imageMediaId', 'b.createdAt'])
    .where('ab.activationId', 'in', ids)
    .orderBy('b.createdAt')
    .execute();
  const counts = await db
    .selectFrom('activationUsers')
    .select((eb) => ['activationId', eb.fn.countAll<number>().as('n')])
    .where('activationId', 'in', ids)
    .groupBy('activationId')
    .execute();
  return rows.map((a) => ({
    id: a.id,
    slug: a.slug,
    title: a.title,
    description: a.description,
    mediaId: a.mediaId,
    startsAt: iso(a.startsAt),
    stopsAt: iso(a.stopsAt),
    bonusPoints: a.bonusPoints,
    archived: new Date(a.stopsAt) <= now,
    activatedCount: Number(counts.find((c) => c.activationId === a.id)?.n ?? 0),
    link: activationLink(siteUrl, a.slug),
    badges: badges
      .filter((b) => b.activationId === a.id)
      .map((b) => ({ id: b.id, name: b.name, description: b.description, imageMediaId: b.imageMediaId })),
    createdAt: iso(a.createdAt),
  }));
}

export const listActivations = (
  db: Database,
  organizationId: string,
  siteUrl: string | undefined,
  now: Date,
) => present(db, organizationId, siteUrl, now);

export async function getActivation(
  db: Kysely<DB>,
  organizationId: string,
  siteUrl: string | undefined,
  now: Date,
  id: string,
) {
  const [found] = await present(db, organizationId, siteUrl, now, id);
  if (!found) throw notFound('Activation');
  return found;
}

async function assertMedia(trx: Kysely<DB>, organizationId: string, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!wanted.length) return;
  const found = await trx
    .selectFrom('media')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', wanted)
    .execute();
  if (found.length !== wanted.length)
    throw unprocessable('unknown_media', 'A referenced upload does not exist');
}

/**
 * Badges are kept by id, so fans who already earned one keep it; a badge the operator removes
 * is only unlinked from the activation (user_badges rows stay, the fan's collection is history).
 */
export async function saveActivation(
  db: Database,
  actor: Actor,
  siteUrl: string | undefined,
  id: string | null,
  input: ActivationInput,
  now: Date,
) {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = id ? await getActivation(trx, actor.organizationId, siteUrl, now, id) : undefined;
      await assertMedia(trx, actor.organizationId, [
        input.mediaId,
        ...input.badges.map((b) => b.imageMediaId),
      ]);
      const { badges, ...fields } = input;
      const values = { ...fields, startsAt: new Date(fields.startsAt), stopsAt: new Date(fields.stopsAt) };
      const row = id
        ? await trx
            .updateTable('activations')
            .set({ ...values, updatedAt: now })
            .where('id', '=', id)
            .where('organizationId', '=', actor.organizationId)
            .returning('id')
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('activations')
            .values({ ...values, organizationId: actor.organizationId })
            .returning('id')
            .executeTakeFirstOrThrow();
      const existing = before?.badges.map((b) => b.id) ?? [];
      const keep = badges.map((b) => b.id).filter((b): b is string => Boolean(b));
      const foreign = keep.filter((b) => !existing.includes(b));
      if (foreign.length)
        throw unprocessable('unknown_badge', `Badge ${foreign[0]} is not part of this activation`);
      let unlink = trx.deleteFrom('activationBadges').where('activationId', '=', row.id);
      if (keep.length) unlink = unlink.where('badgeId', 'not in', keep);
      await unlink.execute();
      for (const b of badges) {
        const fieldsOfBadge = { name: b.name, description: b.description, imageMediaId: b.imageMediaId };
        if (b.id) {
          await trx
            .updateTable('badges')
            .set(fieldsOfBadge)
            .where('id', '=', b.id)
            .where('organizationId', '=', actor.organizationId)
            .execute();
        } else {
          const badge = await trx
            .insertInto('badges')
            .values({ ...fieldsOfBadge, organizationId: actor.organizationId, source: 'activation' })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('activationBadges')
            .values({ organizationId: actor.organizationId, activationId: row.id, badgeId: badge.id })
            .execute();
        }
      }
      const after = await getActivation(trx, actor.organizationId, siteUrl, now, row.id);
      await writeAudit(trx, {
        ...actor,
        action: id ? 'activation.update' : 'activation.create',
        targetType: 'activation',
        targetId: row.id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'duplicate_slug', `An activation "${input.slug}" exists`);
    throw error;
  }
}

/** Archiving closes the window now; fans who activated keep their badges and points. */
export async function archiveActivation(
  db: Database,
  actor: Actor,
  siteUrl: string | undefined,
  id: string,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const before = await getActivation(trx, actor.organizationId, siteUrl, now, id);
    const startsAt = new Date(before.startsAt) < now ? undefined : new Date(now.getTime() - 1000);
    await trx
      .updateTable('activations')
      .set({ stopsAt: now, ...(startsAt ? { startsAt } : {}), updatedAt: now })
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
    const after = await getActivation(trx, actor.organizationId, siteUrl, now, id);
    await writeAudit(trx, {
      ...actor,
      action: 'activation.archive',
      targetType: 'activation',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

export const qrSvg = (link: string) =>
  QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 512 });
