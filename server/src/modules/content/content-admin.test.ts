import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import { apiCall, createFan, createOrg, type TestFan, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let org: Organization;
let operator: TestFan;
let imageId: string;
beforeAll(async () => {
  org = await createOrg(t);
  operator = await createFan(t, org, { roles: ['operator'] });
  const media = await t.db
    .insertInto('media')
    .values({
      organizationId: org.id,
      purpose: 'image',
      contentType: 'image/png',
      byteSize: 1,
      storageKey: 'local:x.png',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  imageId = media.id;
});

describe('articles', () => {
  it('stores article HTML without a script tag or event handler, on create and on edit', async () => {
    const res = await apiCall(t, operator, 'POST', '/api/admin/articles', {
      slug: 'race-preview',
      title: 'Race preview',
      bodyHtml:
        '<p onclick="steal()">Lights out <strong>soon</strong></p><script>alert(document.cookie)</script>',
      value: 10,
      publishedAt: '2026-05-01T10:00:00Z',
    });
    expect(res.statusCode).toBe(201);
    const stored = await t.db
      .selectFrom('articles')
      .select('bodyHtml')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.bodyHtml).toBe('<p>Lights out <strong>soon</strong></p>');

    const edit = await apiCall(t, operator, 'PUT', `/api/admin/articles/${res.json().id}`, {
      slug: 'race-preview',
      title: 'Race preview',
      bodyHtml:
        '<p>Edited</p><img src="x" onerror="alert(1)"><script src="https://evil.example/x.js"></script>',
      publishedAt: '2026-05-01T10:00:00Z',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().bodyHtml).not.toMatch(/script|onerror/);
  });

  it('refuses a duplicate slug with 409 and deletes an article with an audit line', async () => {
    const body = { slug: 'dup-slug', title: 'A', bodyHtml: '<p>a</p>', publishedAt: '2026-05-01T10:00:00Z' };
    const first = await apiCall(t, operator, 'POST', '/api/admin/articles', body);
    expect((await apiCall(t, operator, 'POST', '/api/admin/articles', body)).statusCode).toBe(409);
    expect((await apiCall(t, operator, 'DELETE', `/api/admin/articles/${first.json().id}`)).statusCode).toBe(
      204,
    );
    const audit = await apiCall(t, operator, 'GET', `/api/admin/audit?target=${first.json().id}`);
    expect(audit.json().items.map((a: { action: string }) => a.action)).toEqual([
      'article.delete',
      'article.create',
    ]);
  });
});

describe('videos and playlists', () => {
  it('creates a video, lists it in a playlist in order, and archiving closes its window', async () => {
    const a = await apiCall(t, operator, 'POST', '/api/admin/videos', {
      name: 'Onboard lap',
      sourceType: 'youtube',
      externalUrl: 'https://www.youtube.com/watch?v=abc',
      value: 5,
    });
    expect(a.statusCode).toBe(201);
    const b = await apiCall(t, operator, 'POST', '/api/admin/videos', {
      name: 'Pit stop',
      sourceType: 'file',
      mediaId: imageId,
    });
    expect(b.statusCode).toBe(201);
    const list = await apiCall(t, operator, 'POST', '/api/admin/playlists', {
      name: 'Race week',
      videoIds: [b.json().id, a.json().id],
    });
    expect(list.json().videoIds).toEqual([b.json().id, a.json().id]);
    const archived = await apiCall(t, operator, 'POST', `/api/admin/videos/${a.json().id}/archive`);
    expect(archived.json()).toMatchObject({ archived: true, visibleUntil: t.clock.now().toISOString() });
  });

  it('refuses a file video without a clip and media of another organization', async () => {
    const noClip = await apiCall(t, operator, 'POST', '/api/admin/videos', { name: 'x', sourceType: 'file' });
    expect(noClip.statusCode).toBe(400);
    const other = await createOrg(t);
    const otherOp = await createFan(t, other, { roles: ['operator'] });
    const res = await apiCall(t, otherOp, 'POST', '/api/admin/videos', {
      name: 'x',
      sourceType: 'file',
      mediaId: imageId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('unknown_media');
  });
});

describe('stories', () => {
  it('creates a story with ordered chapters and keeps chapter ids when reordered', async () => {
    const created = await apiCall(t, operator, 'POST', '/api/admin/stories', {
      title: 'Race day',
      sponsorUrl: 'https://sponsor.example',
      points: 20,
      chapters: [{ mediaId: imageId }, { mediaId: imageId, sponsorUrl: 'https://sponsor.example/2' }],
    });
    expect(created.statusCode).toBe(201);
    const story = created.json();
    expect(story.chapters.map((c: { orderIndex: number }) => c.orderIndex)).toEqual([0, 1]);
    const [first, second] = story.chapters;
    const reordered = await apiCall(t, operator, 'PUT', `/api/admin/stories/${story.id}`, {
      title: 'Race day',
      points: 20,
      chapters: [
        { id: second.id, mediaId: imageId },
        { id: first.id, mediaId: imageId },
        { mediaId: imageId, mediaType: 'video', durationSeconds: 10 },
      ],
    });
    expect(reordered.statusCode).toBe(200);
    const ids = reordered.json().chapters.map((c: { id: string }) => c.id);
    expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
    expect(ids).toHaveLength(3);
    const archived = await apiCall(t, operator, 'POST', `/api/admin/stories/${story.id}/archive`);
    expect(archived.json().archived).toBe(true);
  });
});

describe('activations', () => {
  it('creates an activation with badges, keeps a badge by id on edit, and serves a QR code SVG of its link', async () => {
    const created = await apiCall(t, operator, 'POST', '/api/admin/activations', {
      slug: 'silverstone-fan-zone',
      title: 'Silverstone fan zone',
      startsAt: '2026-05-30T08:00:00Z',
      stopsAt: '2026-06-02T20:00:00Z',
      bonusPoints: 50,
      badges: [{ name: 'Silverstone 2026', imageMediaId: imageId }],
    });
    expect(created.statusCode).toBe(201);
    const activation = created.json();
    expect(activation).toMatchObject({
      // Links start at SITE_URL (decision 026; the tests' default is http://localhost:3000).
      link: 'http://localhost:3000/activations/silverstone-fan-zone',
      bonusPoints: 50,
      archived: false,
    });
    const badgeId = activation.badges[0].id;

    const edited = await apiCall(t, operator, 'PUT', `/api/admin/activations/${activation.id}`, {
      slug: 'silverstone-fan-zone',
      title: 'Silverstone fan zone',
      startsAt: '2026-05-30T08:00:00Z',
      stopsAt: '2026-06-02T20:00:00Z',
      badges: [{ id: badgeId, name: 'Silverstone ’26' }, { name: 'Early bird' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().badges.map((b: { id: string; name: string }) => b.name)).toEqual([
      'Silverstone ’26',
      'Early bird',
    ]);
    expect(edited.json().badges[0].id).toBe(badgeId);

    const qr = await apiCall(t, operator, 'GET', `/api/admin/activations/${activation.id}/qr.svg`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toMatch(/^<svg/);

    const dup = await apiCall(t, operator, 'POST', '/api/admin/activations', {
      slug: 'silverstone-fan-zone',
      title: 'Again',
      startsAt: '2026-05-30T08:00:00Z',
      stopsAt: '2026-06-02T20:00:00Z',
    });
    expect(dup.statusCode).toBe(409);

    const archived = await apiCall(t, operator, 'POST', `/api/admin/activations/${activation.id}/archive`);
    expect(archived.json().archived).toBe(true);
  });

  it('refuses a window that ends before it starts', async () => {
    const res = await apiCall(t, operator, 'POST', '/api/admin/activations', {
      slug: 'backwards',
      title: 'Backwards',
      startsAt: '2026-06-02T00:00:00Z',
      stopsAt: '2026-06-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
  });
});
