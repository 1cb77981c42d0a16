import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../../test/test-app.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { expectPaidOnce, ledgerMismatches } from '../../test/points.ts';
import { makeStory } from '../../test/content-factories.ts';

const t = useTestApp();

// Demo ranks (seed/demo-organization.ts): P10 from 0, P9 from 100, P8 from 300 lifetime points.
const titlesOf = async (fan: TestFan) => {
  const res = await apiCall(t, fan, 'GET', '/api/content/stories');
  expect(res.statusCode).toBe(200);
  return res
    .json()
    .stories.map((s: { title: string }) => s.title)
    .sort();
};

describe('story visibility (product §5)', () => {
  it('shows a rank-gated story only to an adult fan holding exactly that rank', async () => {
    const org = await createOrg(t);
    await makeStory(t.db, org.id, { title: 'Race recap' });
    await makeStory(t.db, org.id, { title: 'P10 Welcome to the garage' });
    await makeStory(t.db, org.id, { title: 'P9 Karting secrets' });
    const rookie = await createFan(t, org, { lifetimePoints: 0 });
    const karting = await createFan(t, org, { lifetimePoints: 150, points: 150 });
    // 17 on 2026-06-01: born 2008-06-02.
    const teenRookie = await createFan(t, org, { lifetimePoints: 0, birthday: '2008-06-02' });
    const noBirthday = await createFan(t, org, { lifetimePoints: 0, birthday: null });

    expect(await titlesOf(rookie)).toEqual(['P10 Welcome to the garage', 'Race recap']);
    expect(await titlesOf(karting)).toEqual(['P9 Karting secrets', 'Race recap']);
    expect(await titlesOf(teenRookie)).toEqual(['Race recap']);
    expect(await titlesOf(noBirthday)).toEqual(['Race recap']);
  });

  it('counts the fan’s age on the organization’s calendar', async () => {
    const org = await createOrg(t, { timeZone: 'Pacific/Auckland' });
    await makeStory(t.db, org.id, { title: 'P10 Welcome to the garage' });
    // 2026-06-01T12:00Z is already 2 June in Auckland: an 18th birthday on 2 June counts.
    const fan = await createFan(t, org, { birthday: '2008-06-02' });
    expect(await titlesOf(fan)).toEqual(['P10 Welcome to the garage']);
  });

  it('answers 404 for a gated story the fan may not see, a story out of its window and a foreign one', async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const fan = await createFan(t, org);
    const gated = await makeStory(t.db, org.id, { title: 'P1 Champions only' });
    const ended = await makeStory(t.db, org.id, {
      title: 'Old news',
      stopsAt: new Date('2026-05-01T00:00:00Z'),
    });
    const foreign = await makeStory(t.db, other.id, { title: 'Their story' });
    for (const { story } of [gated, ended, foreign]) {
      expect((await apiCall(t, fan, 'GET', `/api/content/stories/${story.id}`)).statusCode).toBe(404);
    }
    expect(await titlesOf(fan)).toEqual([]);
  });
});

describe('story type and shareable', () => {
  it('derives live > sponsored > watched > default and the shareable flag', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const live = await makeStory(t.db, org.id, {
      title: 'Live from the grid',
      liveFrom: new Date('2026-06-01T11:00:00Z'),
      liveUntil: new Date('2026-06-01T14:00:00Z'),
      sponsorUrl: 'https://sponsor.test',
    });
    const wasLive = await makeStory(t.db, org.id, {
      title: 'Yesterday live',
      liveFrom: new Date('2026-05-30T11:00:00Z'),
      liveUntil: new Date('2026-05-30T14:00:00Z'),
    });
    const sponsored = await makeStory(t.db, org.id, { title: 'Tyre talk', sponsorUrl: 'https://tyres.test' });
    const plain = await makeStory(t.db, org.id, { title: 'Save to Home', chapters: 1 });
    const gated = await makeStory(t.db, org.id, { title: 'P10 Welcome to the garage' });

    await apiCall(
      t,
      fan,
      'POST',
      `/api/content/stories/${plain.story.id}/chapter-view/${plain.chapters[0]?.id}`,
    );
    for (const c of sponsored.chapters) {
      await apiCall(t, fan, 'POST', `/api/content/stories/${sponsored.story.id}/chapter-view/${c.id}`);
      t.clock.advance(3000);
    }

    const res = await apiCall(t, fan, 'GET', '/api/content/stories');
    const byId = new Map(
      res
        .json()
        .stories.map((s: { id: string; type: string; viewed: boolean; shareable: boolean }) => [s.id, s]),
    );
    expect(res.json().stories[0].id).toBe(live.story.id);
    expect(byId.get(live.story.id)).toMatchObject({ type: 'live', viewed: false, shareable: true });
    expect(byId.get(wasLive.story.id)).toMatchObject({ type: 'default', viewed: false });
    expect(byId.get(sponsored.story.id)).toMatchObject({ type: 'sponsored', viewed: true, shareable: true });
    expect(byId.get(plain.story.id)).toMatchObject({ type: 'watched', viewed: true, shareable: false });
    expect(byId.get(gated.story.id)).toMatchObject({ type: 'default', shareable: false });
  });
});

describe('POST /api/content/stories/{id}/chapter-view/{chapterId}', () => {
  it('pays the story points once, when the last chapter is viewed', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const { story, chapters } = await makeStory(t.db, org.id, {
      title: 'Garage tour',
      chapters: 3,
      points: 30,
    });
    const view = (i: number) => {
      // Each chapter stays on screen long enough (product §10.5's minimum dwell).
      t.clock.advance(3000);
      return apiCall(t, fan, 'POST', `/api/content/stories/${story.id}/chapter-view/${chapters[i]?.id}`);
    };

    const first = await view(2);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ pointsAwarded: 0, points: 0 });
    expect(first.json().story.chapters.map((c: { viewed: boolean }) => c.viewed)).toEqual([
      false,
      false,
      true,
    ]);
    expect((await view(0)).json().pointsAwarded).toBe(0);
    const last = await view(1);
    expect(last.json()).toMatchObject({ pointsAwarded: 30, points: 30, lifetimePoints: 30 });
    expect(last.json().story).toMatchObject({ viewed: true, type: 'watched' });
    const again = await view(1);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ pointsAwarded: 0, points: 30 });
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });

  it('pays nothing for tapping through: a chapter marked within the minimum dwell is refused too_fast', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const { story, chapters } = await makeStory(t.db, org.id, { title: 'Pit stop', chapters: 2, points: 20 });
    const view = (i: number) =>
      apiCall(t, fan, 'POST', `/api/content/stories/${story.id}/chapter-view/${chapters[i]?.id}`);
    expect((await view(0)).statusCode).toBe(200);
    t.clock.advance(400);
    const tapped = await view(1);
    expect(tapped.statusCode).toBe(422);
    expect(tapped.json()).toMatchObject({ code: 'too_fast' });
    expect(tapped.json().retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const fanRow = await t.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(fanRow.points).toBe(0);
    // Having stayed long enough, the same chapter counts and the story pays.
    t.clock.advance(3000);
    expect((await view(1)).json()).toMatchObject({ pointsAwarded: 20 });
  });

  it('refuses with 422 chapter_not_viewable a chapter of an invisible story or of another story', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org, { birthday: '2010-01-01' });
    const gated = await makeStory(t.db, org.id, { title: 'P10 Welcome to the garage', points: 10 });
    const future = await makeStory(t.db, org.id, {
      title: 'Coming soon',
      startsAt: new Date('2026-07-01T00:00:00Z'),
    });
    const open = await makeStory(t.db, org.id, { title: 'Open' });
    const attempts = [
      [gated.story.id, gated.chapters[0]?.id],
      [future.story.id, future.chapters[0]?.id],
      [open.story.id, gated.chapters[0]?.id],
    ];
    for (const [storyId, chapterId] of attempts) {
      const res = await apiCall(t, fan, 'POST', `/api/content/stories/${storyId}/chapter-view/${chapterId}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('chapter_not_viewable');
    }
    const rows = await t.db
      .selectFrom('storyChapterViews')
      .select('chapterId')
      .where('userId', '=', fan.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers 404 for another organization's story and 401 anonymously", async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const fan = await createFan(t, org);
    const foreign = await makeStory(t.db, other.id, { title: 'Theirs' });
    const url = `/api/content/stories/${foreign.story.id}/chapter-view/${foreign.chapters[0]?.id}`;
    expect((await apiCall(t, fan, 'POST', url)).statusCode).toBe(404);
    expect((await apiCall(t, { org }, 'GET', '/api/content/stories')).statusCode).toBe(401);
  });
});

describeOnPostgres('concurrent chapter views on real PostgreSQL', () => {
  it('pays the story exactly once when its last chapter is marked by many requests at once', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const { story, chapters } = await makeStory(t.db, org.id, { title: 'Race day', chapters: 2, points: 50 });
    await apiCall(t, fan, 'POST', `/api/content/stories/${story.id}/chapter-view/${chapters[0]?.id}`);
    t.clock.advance(3000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        apiCall(t, fan, 'POST', `/api/content/stories/${story.id}/chapter-view/${chapters[i % 2]?.id}`),
      ),
    );
    await expectPaidOnce(t, fan, results, 50);
  });
});
