import type { AdminPlaylist, adminPlaylistInputSchema } from '@paddock/contracts/api/admin-content';
import type { z } from 'zod';
import { type AuditedItem, deleteAudited, saveAudited } from '../../admin/audited-change.ts';
import type { Database } from '../../db/engine.ts';
import { deleteOrgRow, saveOrgRow } from '../../db/org-rows.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { assertMediaOfContent, isoOrNow } from './content-admin-common.ts';

type PlaylistInput = z.output<typeof adminPlaylistInputSchema>;

async function presentPlaylists(
  db: Database,
  organizationId: string,
  ids?: string[],
): Promise<AdminPlaylist[]> {
  let query = db.selectFrom('playlists').selectAll().where('organizationId', '=', organizationId);
  if (ids) query = query.where('id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
  const rows = await query.orderBy('sortOrder').orderBy('createdAt').execute();
  const links = rows.length
    ? await db
        .selectFrom('playlistVideos')
        .select(['playlistId', 'videoId'])
        .where(
          'playlistId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    coverMediaId: r.coverMediaId,
    sortOrder: r.sortOrder,
    videoIds: links.filter((l) => l.playlistId === r.id).map((l) => l.videoId),
    createdAt: isoOrNow(r.createdAt),
  }));
}

const playlist: AuditedItem<AdminPlaylist> = {
  type: 'playlist',
  async view(call, id) {
    const [found] = await presentPlaylists(call.db, call.org.id, [id]);
    if (!found) throw notFound('Playlist');
    return found;
  },
};

export const listAdminPlaylists = (call: OrgCall) => presentPlaylists(call.db, call.org.id);

export function savePlaylist(call: OperatorCall, id: string | null, input: PlaylistInput) {
  return saveAudited(call, playlist, id, async ({ db, org }, id) => {
    await assertMediaOfContent(db, org.id, [input.coverMediaId]);
    const videoIds = [...new Set(input.videoIds)];
    if (videoIds.length) {
      const own = await db
        .selectFrom('videos')
        .select('id')
        .where('organizationId', '=', org.id)
        .where('id', 'in', videoIds)
        .execute();
      if (own.length !== videoIds.length)
        throw unprocessable('unknown_video', 'A listed video does not exist');
    }
    const { videoIds: _ignored, ...fields } = input;
    const savedId = await saveOrgRow(db, 'playlists', org.id, id, fields);
    await db.deleteFrom('playlistVideos').where('playlistId', '=', savedId).execute();
    if (videoIds.length) {
      await db
        .insertInto('playlistVideos')
        .values(
          videoIds.map((videoId, position) => ({
            organizationId: org.id,
            playlistId: savedId,
            videoId,
            position,
          })),
        )
        .execute();
    }
    return savedId;
  });
}

/** A playlist is only a grouping: deleting it removes no video and no fan's points. */
export function deletePlaylist(call: OperatorCall, id: string) {
  return deleteAudited(call, playlist, id, async ({ db, org }) => {
    await deleteOrgRow(db, 'playlists', org.id, id);
  });
}
