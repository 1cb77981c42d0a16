import type { AdminStory, adminStoryInputSchema } from '@paddock/contracts/api/admin-content';
import type { z } from 'zod';
import { type AuditedItem, archiveAudited, saveAudited } from '../../admin/audited-change.ts';
import type { Database } from '../../db/engine.ts';
import { saveOrgRow, updateOrgRow } from '../../db/org-rows.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { assertMediaOfContent, iso, isoOrNow } from '../content/content-admin-common.ts';

type StoryInput = z.output<typeof adminStoryInputSchema>;

async function presentStories(
  db: Database,
  organizationId: string,
  now: Date,
  ids?: string[],
): Promise<AdminStory[]> {
  let query = db.selectFrom('stories').selectAll().where('organizationId', '=', organizationId);
  if (ids) query = query.where('id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
  const rows = await query.orderBy('createdAt', 'desc').execute();
  const chapters = rows.length
    ? await db
        .selectFrom('storyChapters')
        .selectAll()
        .where(
          'storyId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('orderIndex')
        .execute()
    : [];
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    coverMediaId: s.coverMediaId,
    sponsorName: s.sponsorName,
    sponsorUrl: s.sponsorUrl,
    liveFrom: iso(s.liveFrom),
    liveUntil: iso(s.liveUntil),
    startsAt: iso(s.startsAt),
    stopsAt: iso(s.stopsAt),
    points: s.points,
    archived: Boolean(s.stopsAt && new Date(s.stopsAt) <= now),
    chapters: chapters
      .filter((c) => c.storyId === s.id)
      .map((c) => ({
        id: c.id,
        orderIndex: c.orderIndex,
        mediaId: c.mediaId,
        mediaType: c.mediaType,
        sponsorUrl: c.sponsorUrl,
        durationSeconds: c.durationSeconds,
      })),
    createdAt: isoOrNow(s.createdAt),
  }));
}

const story: AuditedItem<AdminStory> = {
  type: 'story',
  async view(call, id) {
    const [found] = await presentStories(call.db, call.org.id, call.now, [id]);
    if (!found) throw notFound('Story');
    return found;
  },
};

export const listAdminStories = (call: OrgCall) => presentStories(call.db, call.org.id, call.now);

/**
 * Chapters are kept by id when the operator keeps them, so fans' chapter views (and whether the
 * story is `viewed`) survive a reorder; only chapters the operator removed lose their views.
 */
export function saveStory(call: OperatorCall, id: string | null, input: StoryInput) {
  return saveAudited(call, story, id, async ({ db, org, now }, id, before) => {
    const existing = before?.chapters.map((c) => c.id) ?? [];
    await assertMediaOfContent(db, org.id, [input.coverMediaId, ...input.chapters.map((c) => c.mediaId)]);
    const { chapters, ...fields } = input;
    const dates = {
      liveFrom: fields.liveFrom ? new Date(fields.liveFrom) : null,
      liveUntil: fields.liveUntil ? new Date(fields.liveUntil) : null,
      startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
      stopsAt: fields.stopsAt ? new Date(fields.stopsAt) : null,
    };
    const storyId = await saveOrgRow(db, 'stories', org.id, id, { ...fields, ...dates });
    if (!id && (!dates.liveFrom || dates.liveFrom <= now)) {
      // A new story fans can open now: the live channel tells open dashboards (decision 012).
      publishAfterCommit(db, {
        organizationId: org.id,
        topic: 'live',
        event: 'content_published',
        payload: { kind: 'story', storyId: storyId },
      });
    }
    const keep = chapters.map((c) => c.id).filter((c): c is string => Boolean(c));
    const foreign = keep.filter((c) => !existing.includes(c));
    if (foreign.length)
      throw unprocessable('unknown_chapter', `Chapter ${foreign[0]} is not part of this story`);
    let del = db.deleteFrom('storyChapters').where('storyId', '=', storyId);
    if (keep.length) del = del.where('id', 'not in', keep);
    await del.execute();
    // Move kept chapters out of the way first: (story_id, order_index) is unique.
    if (keep.length) {
      await db
        .updateTable('storyChapters')
        .set((eb) => ({ orderIndex: eb('orderIndex', '+', 1000) }))
        .where('storyId', '=', storyId)
        .execute();
    }
    for (const [orderIndex, c] of chapters.entries()) {
      const values = {
        orderIndex,
        mediaId: c.mediaId,
        mediaType: c.mediaType,
        sponsorUrl: c.sponsorUrl,
        durationSeconds: c.durationSeconds,
      };
      if (c.id) {
        await db
          .updateTable('storyChapters')
          .set(values)
          .where('id', '=', c.id)
          .where('storyId', '=', storyId)
          .execute();
      } else {
        await db
          .insertInto('storyChapters')
          .values({ ...values, organizationId: org.id, storyId: storyId })
          .execute();
      }
    }
    return storyId;
  });
}

export function archiveStory(call: OperatorCall, id: string) {
  return archiveAudited(call, story, id, async ({ db, org, now }) => {
    await updateOrgRow(db, 'stories', org.id, id, { stopsAt: now });
  });
}
