import { isStoryShareable, isStoryVisible, isUnderage, rankFor } from '@paddock/contracts';
import type { ChapterViewResponse, Story, StoryType } from '@paddock/contracts/api/stories';
import type { Selectable } from 'kysely';
import { findOrgRow, listOrgRows } from '../../db/org-rows.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { balanceOf, postPoints } from '../ledger/ledger-service.ts';
import { listRanks } from '../organization/organization-service.ts';
import { findFan, lockFanOnly } from '../profile/fan-accounts.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import type { StoriesTable, StoryChaptersTable } from './story-tables.ts';
import { todayIn } from '../../platform/calendar.ts';

const mediaSrc = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

/** What product §5's visibility rule needs to know about the fan, decided on the server. */
interface FanStanding {
  rankCode: string | null;
  underage: boolean;
}

async function fanStanding(call: FanCall): Promise<FanStanding> {
  const fan = await findFan(call.db, call.org.id, call.userId);
  if (!fan) throw new Error('The signed-in fan no longer exists');
  const ranks = await listRanks(call.db, call.org.id);
  return {
    rankCode: rankFor(fan.lifetimePoints, ranks)?.code ?? null,
    // Age is counted on the team's calendar, like every other date rule (contracts/age.ts).
    underage: isUnderage(fan.birthday, todayIn(call.org.timeZone, call.now)),
  };
}

const inWindow = (from: Date | null, until: Date | null, now: Date) =>
  (!from || from.getTime() <= now.getTime()) && (!until || until.getTime() > now.getTime());

/** Inside its publishing window and, for a rank-gated title, shown to this fan (product §5). */
function isVisibleTo(story: Selectable<StoriesTable>, standing: FanStanding, now: Date) {
  return inWindow(story.startsAt, story.stopsAt, now) && isStoryVisible(story.title, standing);
}

/**
 * The story `type`, first match wins: live (inside its live window: time-critical, it leads the
 * tray) → sponsored (a sponsor's disclosure has to stay visible even after the fan has watched
 * it) → watched (every chapter viewed) → default. `viewed` carries "watched" for every type.
 */
export function storyTypeOf(
  story: Selectable<StoriesTable>,
  chapters: Selectable<StoryChaptersTable>[],
  viewed: boolean,
  now: Date,
): StoryType {
  if ((story.liveFrom || story.liveUntil) && inWindow(story.liveFrom, story.liveUntil, now)) return 'live';
  if (story.sponsorUrl || story.sponsorName || chapters.some((c) => c.sponsorUrl)) return 'sponsored';
  if (viewed) return 'watched';
  return 'default';
}

async function present(call: FanCall, stories: Selectable<StoriesTable>[]): Promise<Story[]> {
  const { db } = call;
  if (stories.length === 0) return [];
  const ids = stories.map((s) => s.id);
  const chapters = await db
    .selectFrom('storyChapters')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .where('storyId', 'in', ids)
    .orderBy('orderIndex')
    .execute();
  const views = await db
    .selectFrom('storyChapterViews')
    .select('chapterId')
    .where('userId', '=', call.userId)
    .where('storyId', 'in', ids)
    .execute();
  const seen = new Set(views.map((v) => v.chapterId));
  return stories.map((s) => {
    const own = chapters.filter((c) => c.storyId === s.id);
    const viewed = own.length > 0 && own.every((c) => seen.has(c.id));
    return {
      id: s.id,
      title: s.title,
      type: storyTypeOf(s, own, viewed, call.now),
      coverMediaId: s.coverMediaId,
      coverSrc: mediaSrc(s.coverMediaId),
      createdAt: s.createdAt.toISOString(),
      startsAt: s.startsAt?.toISOString() ?? null,
      stopsAt: s.stopsAt?.toISOString() ?? null,
      liveFrom: s.liveFrom?.toISOString() ?? null,
      liveUntil: s.liveUntil?.toISOString() ?? null,
      sponsorName: s.sponsorName,
      sponsorUrl: s.sponsorUrl,
      points: s.points,
      viewed,
      shareable: isStoryShareable(s.title),
      chapters: own.map((c) => ({
        id: c.id,
        orderIndex: c.orderIndex,
        mediaId: c.mediaId,
        src: mediaSrc(c.mediaId) ?? '',
        mediaType: c.mediaType,
        sponsorUrl: c.sponsorUrl,
        durationSeconds: c.durationSeconds,
        viewed: seen.has(c.id),
      })),
    };
  });
}

/** GET /content/stories: the stories this fan may see, live ones first, then newest. */
export async function listStories(call: FanCall): Promise<Story[]> {
  const standing = await fanStanding(call);
  const rows = await listOrgRows(call.db, 'stories', call.org.id, 'createdAt', { thenById: true });
  const stories = await present(
    call,
    rows.filter((s) => isVisibleTo(s, standing, call.now)),
  );
  return [...stories.filter((s) => s.type === 'live'), ...stories.filter((s) => s.type !== 'live')];
}

/** GET /content/stories/{id}: unknown, another organization's or not visible to this fan → 404. */
export async function getStory(call: FanCall, storyId: string): Promise<Story> {
  const standing = await fanStanding(call);
  const row = await call.db
    .selectFrom('stories')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .where('id', '=', storyId)
    .executeTakeFirst();
  if (!row || !isVisibleTo(row, standing, call.now)) throw notFound('Story');
  const [story] = await present(call, [row]);
  return story as Story;
}

/**
 * POST /content/stories/{id}/chapter-view/{chapterId}. Marks the chapter viewed; when that
 * completes the story, pays its points once (once key `story:<id>`). product §8: 422
 * chapter_not_viewable when the chapter is not part of a story this fan may see.
 */
export async function viewChapter(
  call: FanCall,
  storyId: string,
  chapterId: string,
): Promise<ChapterViewResponse> {
  const orgId = call.org.id;
  const outcome = await call.db.transaction().execute(async (trx) => {
    // Lock the fan's row first: two last chapters viewed at once would otherwise each miss the
    // other's uncommitted view, and neither would see the story complete.
    await lockFanOnly(trx, orgId, call.userId);
    const story = await findOrgRow(trx, 'stories', orgId, storyId);
    if (!story) throw notFound('Story');
    const standing = await fanStanding({ ...call, db: trx });
    const chapters = await trx
      .selectFrom('storyChapters')
      .select(['id', 'durationSeconds'])
      .where('organizationId', '=', orgId)
      .where('storyId', '=', story.id)
      .execute();
    if (!isVisibleTo(story, standing, call.now) || !chapters.some((c) => c.id === chapterId)) {
      throw unprocessable('chapter_not_viewable', 'This chapter is not part of a story you can view');
    }
    const marks = await trx
      .selectFrom('storyChapterViews')
      .select(['chapterId', 'createdAt'])
      .where('userId', '=', call.userId)
      .where('storyId', '=', story.id)
      .orderBy('createdAt', 'desc')
      .execute();
    if (marks.some((m) => m.chapterId === chapterId)) {
      return { pointsAwarded: 0, ...(await balanceOf(trx, call.userId)) };
    }
    assertDwelt(marks[0], chapters, call.now);
    await trx
      .insertInto('storyChapterViews')
      .values({
        organizationId: orgId,
        userId: call.userId,
        storyId: story.id,
        chapterId,
        createdAt: call.now,
      })
      .onConflict((oc) => oc.columns(['userId', 'chapterId']).doNothing())
      .execute();
    const seen = await trx
      .selectFrom('storyChapterViews')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', call.userId)
      .where('storyId', '=', story.id)
      .executeTakeFirstOrThrow();
    let pointsAwarded = 0;
    if (Number(seen.n) >= chapters.length && story.points > 0) {
      const posted = await postPoints(
        trx,
        {
          organizationId: orgId,
          userId: call.userId,
          amount: story.points,
          kind: 'story_view',
          reference: story.id,
          description: `Watched the story "${story.title}"`,
          onceKey: `story:${story.id}`,
          at: call.now,
          earning: 'content',
        },
        bestActiveBoost,
      );
      if (posted.applied) pointsAwarded = posted.amount;
    }
    return { pointsAwarded, ...(await balanceOf(trx, call.userId)) };
  });
  return { ...outcome, story: await getStory(call, storyId) };
}

/**
 * Product §10.5: a chapter is shown for at least its minimum dwell — half its duration, at least
 * 1 s and at most 3 s — before the next one counts. The server measures it from its own clock
 * between the fan's chapter marks (each chapter is marked when it is shown), so tapping through
 * a story pays nothing: 422 too_fast with the seconds to wait.
 */
export function minimumDwellSeconds(durationSeconds: number): number {
  return Math.min(3, Math.max(1, durationSeconds / 2));
}

function assertDwelt(
  latest: { chapterId: string; createdAt: Date } | undefined,
  chapters: { id: string; durationSeconds: number }[],
  now: Date,
) {
  if (!latest) return;
  const shown = chapters.find((c) => c.id === latest.chapterId);
  const minMs = minimumDwellSeconds(shown?.durationSeconds ?? 0) * 1000;
  const elapsedMs = now.getTime() - new Date(latest.createdAt).getTime();
  if (elapsedMs < minMs) {
    throw unprocessable('too_fast', 'Stay on each part of the story a moment to earn its points', {
      retryAfterSeconds: Math.max(1, Math.ceil((minMs - elapsedMs) / 1000)),
    });
  }
}
