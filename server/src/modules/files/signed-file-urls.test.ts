import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../db/schema.ts';
import { ledgerLine } from '../../test/leaderboard-fixtures.ts';
import {
  apiCallAtClock as api,
  createFan,
  orgWithOperator,
  type TestFan,
  useTestApp,
  apiCallRaw,
} from '../../test/test-app.ts';

/**
 * Hardening finding 7 (decision 028): `/files/{id}` served any tenant's uploads, avatars
 * included, to anyone with the id. Fans' own uploads now open only through the signed,
 * expiring URL the API presents; published content stays public.
 */
const t = useTestApp();
const START = '2026-06-01T12:00:00Z';

let orgA: Organization;
let fanA: TestFan;
let operatorA: TestFan;
let orgB: Organization;
let fanB: TestFan;
let avatarA: { mediaId: string; url: string; bytes: Buffer };
let avatarB: { mediaId: string; url: string };

const picture = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

const post = (who: TestFan, url: string, type: string, payload: Buffer) =>
  apiCallRaw(t, who, 'POST', url, type, payload);

/** Uploads an avatar, makes it the fan's, and answers the URL GET /user/me presents. */
async function setAvatar(fan: TestFan, background: string) {
  const { mediaId } = (
    await post(fan, '/api/media', 'application/octet-stream', await picture(background))
  ).json();
  expect((await api(t, fan, 'POST', '/api/media/set-avatar', { name: mediaId })).statusCode).toBe(200);
  const url = (await api(t, fan, 'GET', '/api/user/me')).json().avatarUrl as string;
  return { mediaId, url };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const expOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp'));
const sigOf = (url: string) => String(new URL(url, 'http://x').searchParams.get('sig'));

beforeAll(async () => {
  t.clock.set(START);
  ({ org: orgA, operator: operatorA } = await orgWithOperator(t));
  fanA = await createFan(t, orgA);
  ({ org: orgB } = await orgWithOperator(t));
  fanB = await createFan(t, orgB);
  const a = await setAvatar(fanA, '#e10600');
  avatarA = { ...a, bytes: (await get(a.url)).rawPayload };
  avatarB = await setAvatar(fanB, '#00d2be');
});

describe("finding 7: fans' uploads need a signed, expiring URL", () => {
  it('refuses an avatar asked for by its bare id with the 404 an unknown id gets', async () => {
    t.clock.set(START);
    const bare = await get(`/files/${avatarA.mediaId}`);
    const unknown = await get('/files/6f1c2f9e-8a4b-4c1d-9e2f-000000000000');
    expect(bare.statusCode).toBe(404);
    expect(bare.json().code).toBe('not_found');
    expect(unknown.statusCode).toBe(404);
    expect(bare.json().code).toBe(unknown.json().code);
  });

  it('serves the avatar, whole or by range, through the URL the API presents, for the browser only', async () => {
    t.clock.set(START);
    expect(avatarA.url).toMatch(new RegExp(`^/files/${avatarA.mediaId}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const whole = await get(avatarA.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect((await sharp(whole.rawPayload).metadata()).format).toBe('webp');
    // Cacheable by the browser alone, and never past the URL's own expiry.
    const remaining = expOf(avatarA.url) - Date.parse(START) / 1000;
    expect(whole.headers['cache-control']).toBe(`private, max-age=${remaining}`);
    expect(remaining).toBeGreaterThanOrEqual(3600);
    expect(remaining).toBeLessThanOrEqual(7200);

    const part = await get(avatarA.url, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${avatarA.bytes.length}`);
    expect(part.rawPayload.equals(avatarA.bytes.subarray(0, 10))).toBe(true);
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('presents the same URL for a whole window, so reloading a page hits the browser cache', async () => {
    t.clock.set(START);
    const first = (await api(t, fanA, 'GET', '/api/user/me')).json().avatarUrl;
    t.clock.advance(10 * 60_000);
    expect((await api(t, fanA, 'GET', '/api/user/me')).json().avatarUrl).toBe(first);
    t.clock.advance(60 * 60_000);
    const later = (await api(t, fanA, 'GET', '/api/user/me')).json().avatarUrl;
    expect(expOf(later)).toBeGreaterThan(expOf(first));
    expect((await get(later)).statusCode).toBe(200);
  });

  it('refuses an expired URL, and opens it until the last second before', async () => {
    const exp = expOf(avatarA.url);
    t.clock.set(new Date((exp - 1) * 1000));
    const last = await get(avatarA.url);
    expect(last.statusCode).toBe(200);
    expect(last.headers['cache-control']).toBe('private, max-age=1');
    t.clock.set(new Date(exp * 1000));
    expect((await get(avatarA.url)).statusCode).toBe(404);
    t.clock.set(new Date((exp + 86_400) * 1000));
    expect((await get(avatarA.url)).statusCode).toBe(404);
  });

  it('refuses a URL whose expiry or signature was edited', async () => {
    t.clock.set(START);
    const exp = expOf(avatarA.url);
    const sig = sigOf(avatarA.url);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/files/${avatarA.mediaId}?exp=${exp + 86_400}&sig=${sig}`,
      `/files/${avatarA.mediaId}?exp=${exp - 1}&sig=${sig}`,
      `/files/${avatarA.mediaId}?exp=${exp}&sig=${flipped}`,
      `/files/${avatarA.mediaId}?exp=${exp}&sig=${sig.slice(0, 20)}`,
      `/files/${avatarA.mediaId}?exp=${exp}`,
      `/files/${avatarA.mediaId}?sig=${sig}`,
      `/files/${avatarA.mediaId}?exp=${exp}&sig=`,
      `/files/${avatarA.mediaId}?exp=1e12&sig=${sig}`,
      // Another file's valid signature does not open this one.
      `/files/${avatarA.mediaId}?exp=${expOf(avatarB.url)}&sig=${sigOf(avatarB.url)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it("never opens one tenant's upload with a signature minted for another", async () => {
    t.clock.set(START);
    // What org A's API would mint for org B's file id: the signature covers the organization.
    const mintedForA = t.deps.fileUrls.url(orgA.id, avatarB.mediaId, t.clock.now());
    expect((await get(mintedForA)).statusCode).toBe(404);
    // Org B's own URL opens it; org B's fans see org B's organization in the signature.
    expect((await get(avatarB.url)).statusCode).toBe(200);
    expect((await get(t.deps.fileUrls.url(orgB.id, avatarA.mediaId, t.clock.now()))).statusCode).toBe(404);
  });

  it('signs the avatars the leaderboard shows, and they open', async () => {
    t.clock.set('2026-06-03T12:00:00Z');
    await t.db.updateTable('users').set({ username: 'racer_a' }).where('id', '=', fanA.user.id).execute();
    await ledgerLine(t, orgA, fanA.user.id, 40, '2026-06-02T10:00:00Z');
    const viewer = await createFan(t, orgA);
    const board = (await api(t, viewer, 'GET', '/api/leaderboard/season')).json();
    const row = board.entries.find((e: { username: string }) => e.username === 'racer_a');
    expect(row.avatarUrl).toMatch(new RegExp(`^/files/${avatarA.mediaId}\\?exp=\\d+&sig=`));
    const file = await get(row.avatarUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(avatarA.bytes)).toBe(true);
  });

  it('keeps published content public and CDN-cacheable, with or without a query', async () => {
    t.clock.set(START);
    const res = await post(
      operatorA,
      '/api/admin/media?purpose=image',
      'image/png',
      await picture('#ffd700'),
    );
    expect(res.statusCode).toBe(201);
    const { mediaId, url } = res.json();
    expect(url).toBe(`/files/${mediaId}`);
    for (const u of [url, `${url}?exp=1&sig=nonsense`]) {
      const file = await get(u);
      expect(file.statusCode, u).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
