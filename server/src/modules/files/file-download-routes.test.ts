import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, useTestApp } from '../../test/test-app.ts';
import { parseRange } from './file-download-routes.ts';

const t = useTestApp();
let mediaId: string;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(async () => {
  const org = await createOrg(t);
  const key = await t.deps.files.put(org.id, bytes, 'mp4');
  const row = await t.db
    .insertInto('media')
    .values({
      organizationId: org.id,
      purpose: 'test',
      contentType: 'video/mp4',
      byteSize: bytes.length,
      storageKey: key,
      ownerUserId: null,
      originalName: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  mediaId = row.id;
});

describe('GET /files/{mediaId} byte ranges', () => {
  it('sends the whole file with its length and announces range support', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/files/${mediaId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes, as video players on iOS need', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/files/${mediaId}`,
      headers: { range: 'bytes=100-199' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('refuses a range past the end with 416', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/files/${mediaId}`,
      headers: { range: 'bytes=5000-' },
    });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
  });
});

describe('parseRange', () => {
  it('reads open-ended, suffix and clamped ranges', () => {
    expect(parseRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=9-2', 10)).toBe('unsatisfiable');
    expect(parseRange('items=1-2', 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
  });
});
