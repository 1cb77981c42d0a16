import { MAX_AVATAR_BYTES } from '@paddock/contracts/api/files';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, type TestFan, useTestApp, apiCallRaw } from '../../test/test-app.ts';

const t = useTestApp();

function upload(
  fan: TestFan | { org: TestFan['org']; accessToken?: undefined },
  bytes: Buffer,
  type = 'application/octet-stream',
) {
  return apiCallRaw(t, fan, 'POST', '/api/media', type, bytes);
}

/** A 1024×768 PNG carrying EXIF that must not survive (a "GPS" marker in the copyright tag). */
const pngWithExif = () =>
  sharp({ create: { width: 1024, height: 768, channels: 3, background: '#e10600' } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-gps-51.5N' } })
    .toBuffer();

describe('POST /api/media', () => {
  it('accepts a real PNG and serves it re-encoded to WebP, at most 512 px, without EXIF', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const original = await pngWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(fan, original);
    expect(res.statusCode).toBe(200);
    const { mediaId, url } = res.json();
    // A fan's own upload comes back with a signed, expiring URL (decision 028).
    expect(url).toMatch(new RegExp(`^/files/${mediaId}\\?exp=\\d+&sig=`));

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const served = file.rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('secret-gps'))).toBe(false);

    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    const row = await t.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', mediaId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      organizationId: org.id,
      ownerUserId: fan.user.id,
      purpose: 'avatar',
      byteSize: served.length,
    });
  });

  it('accepts JPEG, GIF and WebP sent with an image/* content type too', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const base = sharp({ create: { width: 40, height: 40, channels: 3, background: '#00d2be' } });
    for (const [bytes, type] of [
      [await base.clone().jpeg().toBuffer(), 'image/jpeg'],
      [await base.clone().gif().toBuffer(), 'application/octet-stream'],
      [await base.clone().webp().toBuffer(), 'image/webp'],
    ] as const) {
      const res = await upload(fan, bytes, type);
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('refuses a text file dressed up as a PNG with 415 and stores nothing', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const res = await upload(fan, Buffer.from('<?php echo "avatar.png"; ?>\n'), 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(res.json().message).toContain('JPEG, PNG, WebP or GIF');
    const rows = await t.db.selectFrom('media').select('id').where('ownerUserId', '=', fan.user.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses a damaged image with the right magic bytes with 422 invalid_image', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const png = await pngWithExif();
    const res = await upload(fan, png.subarray(0, 64));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_image');
  });

  it('refuses 5 MB + 1 byte with 413 and a message naming the limit, and an empty body with 400', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const tooBig = Buffer.alloc(MAX_AVATAR_BYTES + 1, 0);
    tooBig.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await upload(fan, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'payload_too_large',
      message: 'The image is larger than 5 MB; choose a smaller picture',
    });
    const empty = await upload(fan, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('keeps the 1 MB JSON limit outside the media routes', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const res = await apiCallRaw(
      t,
      fan,
      'PATCH',
      '/api/user/me',
      'application/octet-stream',
      Buffer.alloc(10),
    );
    expect(res.statusCode).toBe(415);
  });

  it('answers 401 when anonymous', async () => {
    const org = await createOrg(t);
    expect((await upload({ org }, await pngWithExif())).statusCode).toBe(401);
  });
});

describe('POST /api/media/set-avatar', () => {
  it('sets the fan’s avatar from their own upload; GET /user/me shows its URL', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const { mediaId } = (await upload(fan, await pngWithExif())).json();
    const res = await apiCall(t, fan, 'POST', '/api/media/set-avatar', { name: mediaId });
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json();
    expect(res.json().mediaId).toBe(mediaId);
    expect(avatarUrl).toMatch(new RegExp(`^/files/${mediaId}\\?exp=\\d+&sig=`));
    expect((await apiCall(t, fan, 'GET', '/api/user/me')).json().avatarUrl).toBe(avatarUrl);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(200);
  });

  it('answers 404 for another fan’s upload or an unknown id and leaves the avatar unchanged', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const other = await createFan(t, org);
    const stranger = await createFan(t, await createOrg(t));
    const theirs = (await upload(other, await pngWithExif())).json().mediaId;
    const foreign = (await upload(stranger, await pngWithExif())).json().mediaId;
    for (const name of [theirs, foreign, '6f1c2f9e-8a4b-4c1d-9e2f-000000000000']) {
      const res = await apiCall(t, fan, 'POST', '/api/media/set-avatar', { name });
      expect(res.statusCode).toBe(404);
    }
    const row = await t.db
      .selectFrom('users')
      .select('avatarMediaId')
      .where('id', '=', fan.user.id)
      .executeTakeFirst();
    expect(row?.avatarMediaId).toBeNull();
  });

  it('refuses a name that is not a media id with 400', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const res = await apiCall(t, fan, 'POST', '/api/media/set-avatar', { name: '../../etc/passwd' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('name');
  });
});

describe('GET /files/{mediaId}', () => {
  it('answers a JSON 404 for an unknown or malformed id', async () => {
    for (const id of ['6f1c2f9e-8a4b-4c1d-9e2f-000000000000', 'not-an-id', '..%2F..%2Fsecrets.json']) {
      const res = await t.app.inject({ method: 'GET', url: `/files/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});
