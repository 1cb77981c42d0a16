import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import { createFan, createOrg, type TestFan, useTestApp, apiCallRaw } from '../../test/test-app.ts';

const t = useTestApp();
let org: Organization;
let operator: TestFan;
let png: Buffer;
beforeAll(async () => {
  org = await createOrg(t);
  operator = await createFan(t, org, { roles: ['operator'] });
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#e10600' } })
    .png()
    .toBuffer();
});

const upload = (purpose: string, contentType: string, body: Buffer) =>
  apiCallRaw(t, operator, 'POST', `/api/admin/media?purpose=${purpose}`, contentType, body);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('POST /api/admin/media', () => {
  it('stores a real PNG and returns its media id and URL', async () => {
    const res = await upload('image', 'image/png', png);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/png', url: `/files/${body.mediaId}` });
    const row = await t.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', body.mediaId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organizationId: org.id, ownerUserId: operator.user.id, purpose: 'image' });
    expect(t.deps.files.resolve(row.storageKey)).not.toBeNull();
  });

  it('stores a PDF for the pdf purpose, and detects the type of an octet-stream body', async () => {
    expect((await upload('pdf', 'application/pdf', PDF)).statusCode).toBe(201);
    const sniffed = await upload('pdf', 'application/octet-stream', PDF);
    expect(sniffed.statusCode).toBe(201);
    expect(sniffed.json().contentType).toBe('application/pdf');
  });

  it('refuses bytes that do not match the declared type with 422 content_mismatch', async () => {
    const res = await upload('image', 'image/png', PDF);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('content_mismatch');
    const fakeJpeg = await upload('image', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]));
    expect(fakeJpeg.statusCode).toBe(422);
    const fakeVideo = await upload('video', 'video/mp4', png);
    expect(fakeVideo.statusCode).toBe(422);
  });

  it('refuses a type the purpose does not accept with 415 naming the accepted types', async () => {
    const res = await upload('image', 'application/pdf', PDF);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('image/png');
  });

  it('refuses an oversized image with 413 and a message naming the 5 MB limit', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('image', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large' });
    expect(res.json().message).toMatch(/at most 5 MB/);
  });

  it('refuses a body above the largest cap with a clear 413 before storing anything', async () => {
    const res = await upload('video', 'video/mp4', Buffer.alloc(50 * 1024 * 1024 + 10));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/50 MB/);
  });

  it('accepts a plain SVG and refuses one with a script', async () => {
    const ok = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    expect((await upload('image', 'image/svg+xml', ok)).statusCode).toBe(201);
    const evil = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload('image', 'image/svg+xml', evil);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('unsafe_svg');
    const handler = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload('image', 'image/svg+xml', handler)).statusCode).toBe(422);
  });

  it('refuses a fan before reading the body (403)', async () => {
    const fan = await createFan(t, org);
    const res = await apiCallRaw(t, fan, 'POST', '/api/admin/media?purpose=image', 'image/png', png);
    expect(res.statusCode).toBe(403);
  });
});
