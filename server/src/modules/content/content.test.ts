import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';
import { describeOnPostgres } from '../../test/real-postgres.ts';
import { ledgerMismatches } from '../../test/points.ts';
import { issueChecksum } from './content-checksum.ts';
import { createArticle } from './content-service.ts';
import { makePlaylist, makeVideo } from '../../test/content-factories.ts';

const t = useTestApp();

const secret = () => t.deps.config.secrets.appSecret;
const balanceOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow()).points;

async function videoFromList(fan: Awaited<ReturnType<typeof createFan>>, id: string) {
  const res = await apiCall(t, fan, 'GET', '/api/content/videos');
  expect(res.statusCode).toBe(200);
  const video = res.json().videos.find((v: { id: string }) => v.id === id);
  expect(video).toBeDefined();
  return video as { checksum: string; issuedAt: string; viewed: boolean; value: number };
}

const proofOf = (item: { checksum: string; issuedAt: string }) => ({
  checksum: item.checksum,
  issuedAt: item.issuedAt,
});

describe('GET /api/content/videos and playlists', () => {
  it('lists visible videos with product §3 fields and playlists in their order', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const a = await makeVideo(t.db, org.id, { name: 'Onboard lap', value: 30, durationSeconds: 12 });
    const b = await makeVideo(t.db, org.id, { name: 'Pit stop' });
    await makeVideo(t.db, org.id, { name: 'Future', visibleFrom: new Date('2026-07-01T00:00:00Z') });
    await makeVideo(t.db, org.id, { name: 'Gone', visibleUntil: new Date('2026-05-01T00:00:00Z') });
    const playlist = await makePlaylist(t.db, org.id, 'Race week', [b.id, a.id]);

    const res = await apiCall(t, fan, 'GET', '/api/content/videos');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.videos.map((v: { name: string }) => v.name).sort()).toEqual(['Onboard lap', 'Pit stop']);
    const lap = body.videos.find((v: { id: string }) => v.id === a.id);
    expect(lap).toMatchObject({
      name: 'Onboard lap',
      videoSourceType: 'file',
      src: `/files/${a.mediaId}`,
      thumbnailSrc: `/files/${a.thumbnailMediaId}`,
      durationSeconds: 12,
      value: 30,
      viewed: false,
      playlistIds: [playlist.id],
      issuedAt: '2026-06-01T12:00:00.000Z',
    });
    expect(lap.checksum).toBe(issueChecksum(secret(), 'video', fan.user.id, a.id, t.clock.now()));
    expect(body.playlists).toEqual([
      expect.objectContaining({ id: playlist.id, name: 'Race week', videoIds: [b.id, a.id], totalValue: 55 }),
    ]);

    const one = await apiCall(t, fan, 'GET', `/api/content/playlists/${playlist.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().videos.map((v: { id: string }) => v.id)).toEqual([b.id, a.id]);
  });

  it("answers 404 for an unknown playlist and for another organization's playlist, 401 anonymously", async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const fan = await createFan(t, org);
    const foreign = await makePlaylist(t.db, other.id, 'Theirs', []);
    expect((await apiCall(t, fan, 'GET', `/api/content/playlists/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await apiCall(t, fan, 'GET', '/api/content/playlists/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect((await apiCall(t, { org }, 'GET', '/api/content/videos')).statusCode).toBe(401);
  });
});

describe('POST /api/content/videos/{id}/view', () => {
  it('pays the exact value once after a plausible watch, then 200 with 0 on a repeat', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const video = await makeVideo(t.db, org.id, { value: 40, durationSeconds: 20 });
    const proof = await videoFromList(fan, video.id);
    t.clock.advance(10_000); // half of 20 s
    try {
      const first = await apiCall(t, fan, 'POST', `/api/content/videos/${video.id}/view`, proofOf(proof));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ pointsAwarded: 40, points: 40, lifetimePoints: 40 });
      const again = await apiCall(t, fan, 'POST', `/api/content/videos/${video.id}/view`, proofOf(proof));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ pointsAwarded: 0, points: 40 });
      expect((await videoFromList(fan, video.id)).viewed).toBe(true);
      const tx = await t.db
        .selectFrom('pointTransactions')
        .select(['amount', 'kind', 'description'])
        .where('userId', '=', fan.user.id)
        .execute();
      expect(tx).toEqual([
        { amount: 40, kind: 'video_view', description: expect.stringContaining('Watched') },
      ]);
    } finally {
      t.clock.advance(-10_000);
    }
  });

  it('refuses a view claimed too fast with 422 too_fast (min of half the clip and 30 s)', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const long = await makeVideo(t.db, org.id, { value: 10, durationSeconds: 600 });
    const proof = await videoFromList(fan, long.id);
    t.clock.advance(29_000);
    try {
      const res = await apiCall(t, fan, 'POST', `/api/content/videos/${long.id}/view`, proofOf(proof));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'too_fast', retryAfterSeconds: 1 });
      t.clock.advance(1_000);
      const ok = await apiCall(t, fan, 'POST', `/api/content/videos/${long.id}/view`, proofOf(proof));
      expect(ok.json()).toMatchObject({ pointsAwarded: 10 });
    } finally {
      t.clock.set('2026-06-01T12:00:00Z');
    }
    expect(await balanceOf(fan.user.id)).toBe(10);
  });

  it("refuses a forged, tampered, other fan's or other item's checksum with 422 invalid_checksum", async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const otherFan = await createFan(t, org);
    const video = await makeVideo(t.db, org.id, { value: 15, durationSeconds: 4 });
    const video2 = await makeVideo(t.db, org.id, { value: 15, durationSeconds: 4 });
    const mine = await videoFromList(fan, video.id);
    const theirs = await videoFromList(otherFan, video.id);
    const forVideo2 = await videoFromList(fan, video2.id);
    t.clock.advance(60_000);
    try {
      const attempts = [
        { checksum: 'A'.repeat(43), issuedAt: mine.issuedAt },
        { checksum: theirs.checksum, issuedAt: theirs.issuedAt },
        { checksum: forVideo2.checksum, issuedAt: forVideo2.issuedAt },
        // Moving the issue time back to look like a longer watch breaks the HMAC.
        { checksum: mine.checksum, issuedAt: '2026-06-01T11:00:00.000Z' },
        {
          checksum: issueChecksum('not-the-secret', 'video', fan.user.id, video.id, t.clock.now()),
          issuedAt: mine.issuedAt,
        },
      ];
      for (const body of attempts) {
        const res = await apiCall(t, fan, 'POST', `/api/content/videos/${video.id}/view`, body);
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBe('invalid_checksum');
      }
    } finally {
      t.clock.advance(-60_000);
    }
    expect(await balanceOf(fan.user.id)).toBe(0);
  });

  it('refuses a checksum issued more than 24 h ago with 422 checksum_expired', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const video = await makeVideo(t.db, org.id, { value: 15, durationSeconds: 4 });
    const proof = await videoFromList(fan, video.id);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    try {
      // A fresh sign-in the next day: the old access token has expired by then.
      const session = await t.deps.tokens.createSession(t.db, fan.user, { amr: 'password' });
      const nextDay = { ...fan, accessToken: session.access_token };
      const res = await apiCall(t, nextDay, 'POST', `/api/content/videos/${video.id}/view`, proofOf(proof));
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('checksum_expired');
    } finally {
      t.clock.set('2026-06-01T12:00:00Z');
    }
  });

  it("answers 404 for an unknown video, another organization's video and a hidden one; 400 for a bad body", async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const fan = await createFan(t, org);
    const foreign = await makeVideo(t.db, other.id);
    const hidden = await makeVideo(t.db, org.id, { visibleFrom: new Date('2026-07-01T00:00:00Z') });
    const proof = { checksum: 'x'.repeat(43), issuedAt: '2026-06-01T12:00:00.000Z' };
    for (const id of [foreign.id, hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await apiCall(t, fan, 'POST', `/api/content/videos/${id}/view`, proof);
      expect(res.statusCode).toBe(404);
    }
    const bad = await apiCall(t, fan, 'POST', `/api/content/videos/${hidden.id}/view`, { checksum: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });
});

describe('articles', () => {
  it('stores article HTML without scripts or event handlers and serves it by id or slug', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const article = await createArticle(t.db, org.id, {
      slug: 'silverstone-recap',
      title: 'Silverstone recap',
      summary: 'P4 and P6.',
      bodyHtml:
        '<p onclick="steal()">Great race<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="https://x.test/a.png" onerror="boom()">',
      value: 20,
      publishedAt: new Date('2026-05-30T09:00:00Z'),
    });
    const stored = await t.db
      .selectFrom('articles')
      .select('bodyHtml')
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(stored.bodyHtml).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(stored.bodyHtml).toContain('<p>Great race</p>');

    const bySlug = await apiCall(t, fan, 'GET', '/api/content/articles/silverstone-recap');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({
      id: article.id,
      slug: 'silverstone-recap',
      title: 'Silverstone recap',
      value: 20,
      read: false,
      bodyHtml: stored.bodyHtml,
    });
    const byId = await apiCall(t, fan, 'GET', `/api/content/articles/${article.id}`);
    expect(byId.json().slug).toBe('silverstone-recap');
  });

  it('lists published articles newest first and hides unpublished and foreign ones', async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const fan = await createFan(t, org);
    const base = { summary: '', bodyHtml: '<p>x</p>', value: 5 };
    await createArticle(t.db, org.id, {
      ...base,
      slug: 'old',
      title: 'Old',
      publishedAt: new Date('2026-05-01T00:00:00Z'),
    });
    await createArticle(t.db, org.id, {
      ...base,
      slug: 'new',
      title: 'New',
      publishedAt: new Date('2026-05-31T00:00:00Z'),
    });
    await createArticle(t.db, org.id, {
      ...base,
      slug: 'later',
      title: 'Later',
      publishedAt: new Date('2026-06-02T00:00:00Z'),
    });
    const foreign = await createArticle(t.db, other.id, {
      ...base,
      slug: 'theirs',
      title: 'Theirs',
      publishedAt: new Date('2026-05-01T00:00:00Z'),
    });
    const res = await apiCall(t, fan, 'GET', '/api/content/articles');
    expect(res.json().articles.map((a: { slug: string }) => a.slug)).toEqual(['new', 'old']);
    expect((await apiCall(t, fan, 'GET', '/api/content/articles/later')).statusCode).toBe(404);
    expect((await apiCall(t, fan, 'GET', `/api/content/articles/${foreign.id}`)).statusCode).toBe(404);
    expect((await apiCall(t, fan, 'GET', '/api/content/articles/theirs')).statusCode).toBe(404);
  });

  it('pays a read once after 10 s, refuses sooner and refuses a video checksum for the same id', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const article = await createArticle(t.db, org.id, {
      slug: 'pit-wall',
      title: 'Pit wall',
      bodyHtml: '<p>x</p>',
      value: 12,
      publishedAt: new Date('2026-05-01T00:00:00Z'),
    });
    const got = (await apiCall(t, fan, 'GET', `/api/content/articles/${article.id}`)).json();
    t.clock.advance(9_000);
    try {
      const fast = await apiCall(t, fan, 'POST', `/api/content/articles/${article.id}/read`, proofOf(got));
      expect(fast.statusCode).toBe(422);
      expect(fast.json().code).toBe('too_fast');
      t.clock.advance(1_000);
      const asVideo = issueChecksum(secret(), 'video', fan.user.id, article.id, new Date(got.issuedAt));
      const crossed = await apiCall(t, fan, 'POST', `/api/content/articles/${article.id}/read`, {
        checksum: asVideo,
        issuedAt: got.issuedAt,
      });
      expect(crossed.json().code).toBe('invalid_checksum');
      const ok = await apiCall(t, fan, 'POST', '/api/content/articles/pit-wall/read', proofOf(got));
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ pointsAwarded: 12, points: 12, lifetimePoints: 12 });
      const repeat = await apiCall(t, fan, 'POST', `/api/content/articles/${article.id}/read`, proofOf(got));
      expect(repeat.json()).toMatchObject({ pointsAwarded: 0, points: 12 });
      expect((await apiCall(t, fan, 'GET', `/api/content/articles/${article.id}`)).json().read).toBe(true);
    } finally {
      t.clock.set('2026-06-01T12:00:00Z');
    }
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });
});

describeOnPostgres('concurrent video views on real PostgreSQL', () => {
  it('pays exactly once for 50 concurrent view requests from one fan', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const video = await makeVideo(t.db, org.id, { value: 35, durationSeconds: 6 });
    const proof = await videoFromList(fan, video.id);
    t.clock.advance(5_000);
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          apiCall(t, fan, 'POST', `/api/content/videos/${video.id}/view`, proofOf(proof)),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      expect(results.filter((r) => r.json().pointsAwarded === 35)).toHaveLength(1);
      expect(results.filter((r) => r.json().pointsAwarded === 0)).toHaveLength(49);
    } finally {
      t.clock.advance(-5_000);
    }
    expect(await balanceOf(fan.user.id)).toBe(35);
    expect(await ledgerMismatches(t.db, org.id)).toEqual([]);
  });
});
