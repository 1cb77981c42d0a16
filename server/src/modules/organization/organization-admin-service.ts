import type {
  ConsentType,
  OrganizationSettings,
  consentTypeCreateSchema,
  consentTypePatchSchema,
  organizationPatchSchema,
  ranksPutSchema,
} from '@paddock/contracts/api/admin';
import type { z } from 'zod';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/sql-errors.ts';
import { writeAudit } from '../../admin/audit.ts';
import type { Actor } from '../../admin/fan-admin-service.ts';

export function presentOrganization(org: Organization): OrganizationSettings {
  const b = org.branding ?? {};
  const s = org.settings ?? {};
  return {
    organizationId: org.id,
    slug: org.slug,
    name: org.name,
    publishableKey: org.publishableKey,
    timeZone: org.timeZone,
    branding: {
      primaryColor: b.primaryColor ?? null,
      accentColor: b.accentColor ?? null,
      backgroundColor: b.backgroundColor ?? null,
      logoMediaId: b.logoMediaId ?? null,
      logoUrl: b.logoMediaId ? `/files/${b.logoMediaId}` : null,
    },
    loggedOffDashboard: s.loggedOffDashboard ?? false,
    internalEmailDomains: s.internalEmailDomains ?? [],
    hiddenChallengeIds: s.hiddenChallengeIds ?? [],
    checkinRewards: s.checkinRewards ?? [],
  };
}

export async function getOrganization(db: Database, organizationId: string) {
  const org = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return presentOrganization(org);
}

async function assertOwnMedia(db: Database, organizationId: string, mediaId: string) {
  const media = await db
    .selectFrom('media')
    .select(['id', 'contentType'])
    .where('id', '=', mediaId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!media) throw unprocessable('unknown_media', 'That logo upload does not exist in this organization');
  if (!media.contentType.startsWith('image/'))
    throw unprocessable('not_an_image', 'The logo must be an image');
}

export async function updateOrganization(
  db: Database,
  actor: Actor,
  patch: z.infer<typeof organizationPatchSchema>,
  now: Date,
) {
  if (patch.branding?.logoMediaId) await assertOwnMedia(db, actor.organizationId, patch.branding.logoMediaId);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', actor.organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { name, timeZone, branding, ...settings } = patch;
    const updated = await trx
      .updateTable('organizations')
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(timeZone !== undefined ? { timeZone } : {}),
        branding: JSON.stringify({ ...current.branding, ...branding }),
        settings: JSON.stringify({ ...current.settings, ...settings }),
        updatedAt: now,
      })
      .where('id', '=', actor.organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = presentOrganization(current);
    const after = presentOrganization(updated);
    await writeAudit(trx, {
      ...actor,
      action: 'organization.update',
      targetType: 'organization',
      targetId: actor.organizationId,
      before,
      after,
    });
    return after;
  });
}

export async function listRanks(db: Database, organizationId: string) {
  return db
    .selectFrom('ranks')
    .select(['code', 'name', 'minPoints', 'benefits'])
    .where('organizationId', '=', organizationId)
    .orderBy('minPoints')
    .execute();
}

/** Ranks are replaced as a set, so the strictly increasing order can never be half-applied. */
export async function replaceRanks(db: Database, actor: Actor, body: z.infer<typeof ranksPutSchema>) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('ranks')
      .select(['code', 'name', 'minPoints', 'benefits'])
      .where('organizationId', '=', actor.organizationId)
      .orderBy('minPoints')
      .execute();
    await trx.deleteFrom('ranks').where('organizationId', '=', actor.organizationId).execute();
    await trx
      .insertInto('ranks')
      .values(
        body.ranks.map((r) => ({
          organizationId: actor.organizationId,
          code: r.code,
          name: r.name,
          minPoints: r.minPoints,
          benefits: r.benefits ?? null,
        })),
      )
      .execute();
    const after = body.ranks.map((r) => ({ ...r, benefits: r.benefits ?? null }));
    await writeAudit(trx, {
      ...actor,
      action: 'ranks.update',
      targetType: 'organization',
      targetId: actor.organizationId,
      before,
      after,
    });
    return after;
  });
}

export async function listConsentTypes(db: Database, organizationId: string): Promise<ConsentType[]> {
  return db
    .selectFrom('consentTypes')
    .select(['id', 'key', 'name', 'description', 'required', 'sortOrder'])
    .where('organizationId', '=', organizationId)
    .orderBy('sortOrder')
    .orderBy('key')
    .execute();
}

const consentColumns = ['id', 'key', 'name', 'description', 'required', 'sortOrder'] as const;

export async function createConsentType(
  db: Database,
  actor: Actor,
  body: z.infer<typeof consentTypeCreateSchema>,
) {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('consentTypes')
        .values({ ...body, organizationId: actor.organizationId })
        .returning(consentColumns)
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        ...actor,
        action: 'consent_type.create',
        targetType: 'consent_type',
        targetId: row.id,
        after: row,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'duplicate_key', `A consent type "${body.key}" exists`);
    throw error;
  }
}

export async function updateConsentType(
  db: Database,
  actor: Actor,
  id: string,
  patch: z.infer<typeof consentTypePatchSchema>,
) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('consentTypes')
      .select(consentColumns)
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Consent type');
    const after =
      Object.keys(patch).length === 0
        ? before
        : await trx
            .updateTable('consentTypes')
            .set(patch)
            .where('id', '=', id)
            .where('organizationId', '=', actor.organizationId)
            .returning(consentColumns)
            .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      ...actor,
      action: 'consent_type.update',
      targetType: 'consent_type',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Deleting a consent type removes the fans' answers to it (cascade). A required type (e.g. the
 * terms) is refused: fans could otherwise be left without the acceptance the product relies on.
 */
export async function deleteConsentType(db: Database, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('consentTypes')
      .select(consentColumns)
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Consent type');
    if (before.required) {
      throw unprocessable(
        'consent_required',
        'A required consent type cannot be deleted; make it optional first',
      );
    }
    await trx
      .deleteFrom('consentTypes')
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .execute();
    await writeAudit(trx, {
      ...actor,
      action: 'consent_type.delete',
      targetType: 'consent_type',
      targetId: id,
      before,
    });
  });
}
