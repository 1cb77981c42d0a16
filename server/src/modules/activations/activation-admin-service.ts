import type { AdminActivation, adminActivationInputSchema } from '@paddock/contracts/api/admin-content';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { type AuditedItem, archiveAudited, saveAudited } from '../../admin/audited-change.ts';
import type { Database } from '../../db/engine.ts';
import { saveOrgRow, updateOrgRow } from '../../db/org-rows.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { isUniqueViolation } from '../../platform/sql-errors.ts';
import { assertMedia } from '../files/files-service.ts';
import { insertBadge, updateBadgeRecord } from '../rewards/badge-records.ts';
import { badgesOf } from './activation-service.ts';

type ActivationInput = z.output<typeof adminActivationInputSchema>;
const iso = (d: Date | string) => new Date(d).toISOString();

export const activationLink = (siteUrl: string | undefined, slug: string) =>
  `${(siteUrl ?? '').replace(/\/$/, '')}/activations/${encodeURIComponent(slug)}`;

async function present(call: OrgCall, siteUrl: string | undefined, id?: string): Promise<AdminActivation[]> {
  const { db, now } = call;
  let query = db.selectFrom('activations').selectAll().where('organizationId', '=', call.org.id);
  if (id) query = query.where('id', '=', id);
  const rows = await query.orderBy('startsAt', 'desc').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const badges = await badgesOf(db, ids, 'createdAt');
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
    badges: (badges.get(a.id) ?? []).map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      imageMediaId: b.imageMediaId,
    })),
    createdAt: iso(a.createdAt),
  }));
}

export const listAdminActivations = (call: OrgCall, siteUrl: string | undefined) => present(call, siteUrl);

/** The console's activation item: its view needs the public site URL for the link. */
function activationItem(siteUrl: string | undefined): AuditedItem<AdminActivation> {
  return {
    type: 'activation',
    async view(call, id) {
      const [found] = await present(call, siteUrl, id);
      if (!found) throw notFound('Activation');
      return found;
    },
  };
}

export const getAdminActivation = (call: OrgCall, siteUrl: string | undefined, id: string) =>
  activationItem(siteUrl).view(call, id);

/**
 * Badges are kept by id, so fans who already earned one keep it; a badge the operator removes
 * is only unlinked from the activation (user_badges rows stay, the fan's collection is history).
 */
export async function saveActivation(
  call: OperatorCall,
  siteUrl: string | undefined,
  id: string | null,
  input: ActivationInput,
) {
  try {
    return await saveAudited(call, activationItem(siteUrl), id, async ({ db, org, now }, id, before) => {
      await assertMedia(db, org.id, [input.mediaId, ...input.badges.map((b) => b.imageMediaId)], () =>
        unprocessable('unknown_media', 'A referenced upload does not exist'),
      );
      const { badges, ...fields } = input;
      const values = { ...fields, startsAt: new Date(fields.startsAt), stopsAt: new Date(fields.stopsAt) };
      const activationId = await saveOrgRow(db, 'activations', org.id, id, values, { updatedAt: now });
      const existing = before?.badges.map((b) => b.id) ?? [];
      const keep = badges.map((b) => b.id).filter((b): b is string => Boolean(b));
      const foreign = keep.filter((b) => !existing.includes(b));
      if (foreign.length)
        throw unprocessable('unknown_badge', `Badge ${foreign[0]} is not part of this activation`);
      await unlinkBadges(db, activationId, keep);
      for (const b of badges) {
        const fieldsOfBadge = { name: b.name, description: b.description, imageMediaId: b.imageMediaId };
        if (b.id) await updateBadgeRecord(db, org.id, b.id, fieldsOfBadge);
        else {
          const badgeId = await insertBadge(db, org.id, fieldsOfBadge, 'activation');
          await db
            .insertInto('activationBadges')
            .values({ organizationId: org.id, activationId: activationId, badgeId })
            .execute();
        }
      }
      return activationId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('duplicate_slug', `An activation "${input.slug}" exists`);
    throw error;
  }
}

/** Unlinks every badge of the activation but those kept. */
async function unlinkBadges(trx: Database, activationId: string, keep: string[]) {
  let unlink = trx.deleteFrom('activationBadges').where('activationId', '=', activationId);
  if (keep.length) unlink = unlink.where('badgeId', 'not in', keep);
  await unlink.execute();
}

/** Archiving closes the window now; fans who activated keep their badges and points. */
export function archiveActivation(call: OperatorCall, siteUrl: string | undefined, id: string) {
  return archiveAudited(call, activationItem(siteUrl), id, async ({ db, org, now }, before) => {
    const startsAt = new Date(before.startsAt) < now ? undefined : new Date(now.getTime() - 1000);
    await updateOrgRow(db, 'activations', org.id, id, {
      stopsAt: now,
      ...(startsAt ? { startsAt } : {}),
      updatedAt: now,
    });
  });
}

export const qrSvg = (link: string) =>
  QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 512 });
