import type { AdminVideo, adminVideoInputSchema } from '@paddock/contracts/api/admin-content';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { type AuditedItem, archiveAudited, saveAudited } from '../../admin/audited-change.ts';
import { findOrgRow, listOrgRows, saveOrgRow, updateOrgRow } from '../../db/org-rows.ts';
import { notFound } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { assertMediaOfContent, iso, isoOrNow } from './content-admin-common.ts';
import type { VideosTable } from './content-tables.ts';

type VideoInput = z.output<typeof adminVideoInputSchema>;

export const presentVideo = (v: Selectable<VideosTable>, now: Date): AdminVideo => ({
  id: v.id,
  name: v.name,
  description: v.description,
  thumbnailMediaId: v.thumbnailMediaId,
  sourceType: v.sourceType,
  mediaId: v.mediaId,
  externalUrl: v.externalUrl,
  durationSeconds: v.durationSeconds,
  value: v.value,
  visibleFrom: iso(v.visibleFrom),
  visibleUntil: iso(v.visibleUntil),
  archived: Boolean(v.visibleUntil && new Date(v.visibleUntil) <= now),
  createdAt: isoOrNow(v.createdAt),
});

const video: AuditedItem<AdminVideo> = {
  type: 'video',
  async view(call, id) {
    const row = await findOrgRow(call.db, 'videos', call.org.id, id, { forUpdate: true });
    if (!row) throw notFound('Video');
    return presentVideo(row, call.now);
  },
};

export async function listAdminVideos(call: OrgCall) {
  const rows = await listOrgRows(call.db, 'videos', call.org.id, 'createdAt');
  return rows.map((v) => presentVideo(v, call.now));
}

export function saveVideo(call: OperatorCall, id: string | null, input: VideoInput) {
  return saveAudited(call, video, id, async ({ db, org }, id) => {
    await assertMediaOfContent(db, org.id, [input.mediaId, input.thumbnailMediaId]);
    const values = {
      ...input,
      mediaId: input.sourceType === 'file' ? input.mediaId : null,
      externalUrl: input.sourceType === 'file' ? null : input.externalUrl,
    };
    return saveOrgRow(db, 'videos', org.id, id, values);
  });
}

/** Archiving ends the video's window: fans stop seeing it, views and points already paid stay. */
export function archiveVideo(call: OperatorCall, id: string) {
  return archiveAudited(call, video, id, async ({ db, org, now }) => {
    await updateOrgRow(db, 'videos', org.id, id, { visibleUntil: now });
  });
}
