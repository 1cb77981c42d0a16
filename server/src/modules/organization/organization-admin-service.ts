import type {
  OrganizationSettings,
  organizationPatchSchema,
  ranksPutSchema,
} from '@paddock/contracts/api/admin';
import type { z } from 'zod';
import { writeAudit } from '../../admin/audit-service.ts';
import type { Organization } from '../../db/schema.ts';
import { unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { findMedia } from '../files/files-service.ts';
import type { OrganizationCache } from './organization-cache.ts';
import { listRanks } from './organization-service.ts';

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
    termsUrl: s.termsUrl ?? null,
    privacyUrl: s.privacyUrl ?? null,
    internalEmailDomains: s.internalEmailDomains ?? [],
    hiddenChallengeIds: s.hiddenChallengeIds ?? [],
    checkinRewards: s.checkinRewards ?? [],
  };
}

/** GET /admin/organization: read again, so a change made earlier in the session shows. */
export async function getOrganization(call: OrgCall) {
  const org = await call.db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', call.org.id)
    .executeTakeFirstOrThrow();
  return presentOrganization(org);
}

async function assertLogo(call: OrgCall, mediaId: string) {
  const media = await findMedia(call.db, call.org.id, mediaId);
  if (!media) throw unprocessable('unknown_media', 'That logo upload does not exist in this organization');
  if (!media.contentType.startsWith('image/'))
    throw unprocessable('not_an_image', 'The logo must be an image');
}

export async function updateOrganization(
  call: OperatorCall,
  patch: z.infer<typeof organizationPatchSchema>,
  cache: OrganizationCache,
) {
  if (patch.branding?.logoMediaId) await assertLogo(call, patch.branding.logoMediaId);
  const presented = await call.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', call.org.id)
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
        updatedAt: call.now,
      })
      .where('id', '=', call.org.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = presentOrganization(current);
    const after = presentOrganization(updated);
    await writeAudit(
      { ...call, db: trx },
      { action: 'organization.update', targetType: 'organization', targetId: call.org.id, before, after },
    );
    return after;
  });
  // After the commit, so no request of any process can re-read the old row into its cache
  // (decision 032): this process drops it now, the others when the bus notice arrives.
  cache.invalidate(call.org.id);
  return presented;
}

/** Ranks are replaced as a set, so the strictly increasing order can never be half-applied. */
export async function replaceRanks(
  call: OperatorCall,
  body: z.infer<typeof ranksPutSchema>,
  cache: OrganizationCache,
) {
  const ranks = await call.db.transaction().execute(async (trx) => {
    const before = await listRanks(trx, call.org.id);
    await trx.deleteFrom('ranks').where('organizationId', '=', call.org.id).execute();
    await trx
      .insertInto('ranks')
      .values(
        body.ranks.map((r) => ({
          organizationId: call.org.id,
          code: r.code,
          name: r.name,
          minPoints: r.minPoints,
          benefits: r.benefits ?? null,
        })),
      )
      .execute();
    const after = body.ranks.map((r) => ({ ...r, benefits: r.benefits ?? null }));
    await writeAudit(
      { ...call, db: trx },
      { action: 'ranks.update', targetType: 'organization', targetId: call.org.id, before, after },
    );
    return after;
  });
  cache.invalidate(call.org.id);
  return ranks;
}
