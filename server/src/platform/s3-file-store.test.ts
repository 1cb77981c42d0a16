import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config.ts';
import type { Organization } from '../db/schema.ts';
import {
  createFan,
  createOrg,
  createTestApp,
  type TestContext,
  type TestFan,
  apiCallRaw,
} from '../test/test-app.ts';
import { FileStore } from './file-store.ts';
import { S3Bucket } from './s3-bucket.ts';

// A real S3-compatible server (s3rver) on a free loopback port. Note: s3rver 3 refuses unknown
// access keys but does NOT verify V4 signatures (a wrong secret is accepted), so the signature
// itself (aws4fetch) is checked against AWS's published SigV4 example in s3-bucket.test.ts.
const BUCKET = 'paddock-media';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let dir: string;
let endpoint: string;
let t: TestContext;
let org: Organization;
let fan: TestFan;
let operator: TestFan;
let s3Env: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  s3Env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  await bucket().createBucket();
  t = await createTestApp(s3Env);
  org = await createOrg(t);
  fan = await createFan(t, org);
  operator = await createFan(t, org, { roles: ['operator'] });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const bucket = (accessKeyId = 'S3RVER') =>
  new S3Bucket({
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

const post = (ctx: TestContext, who: TestFan, url: string, type: string, body: Buffer) =>
  apiCallRaw(ctx, who, 'POST', url, type, body);

const storageKey = async (ctx: TestContext, mediaId: string) =>
  (await ctx.db.selectFrom('media').select('storageKey').where('id', '=', mediaId).executeTakeFirstOrThrow())
    .storageKey;

describe('media store on an S3-compatible bucket', () => {
  it('stores a fan avatar in the bucket and /files/{id} redirects to a presigned URL that serves it', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e10600' } })
      .png()
      .toBuffer();
    const res = await post(t, fan, '/api/media', 'application/octet-stream', png);
    expect(res.statusCode).toBe(200);
    const { mediaId, url } = res.json();
    const key = await storageKey(t, mediaId);
    expect(key).toMatch(new RegExp(`^s3:${org.id}/[0-9a-f-]{36}\\.webp$`));

    // An avatar is the fan's own upload: only its signed URL redirects (decision 028).
    expect((await t.app.inject({ method: 'GET', url: `/files/${mediaId}` })).statusCode).toBe(404);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(302);
    expect(file.headers['cache-control']).toBe('private, max-age=300');
    const location = String(file.headers.location);
    expect(location.startsWith(`${endpoint}/${BUCKET}/${key.slice(3)}?`)).toBe(true);
    expect(location).toContain('X-Amz-Expires=3600');

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/webp');
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fetched.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });

  it('stores an operator PDF in the bucket byte for byte', async () => {
    const res = await post(t, operator, '/api/admin/media?purpose=pdf', 'application/pdf', PDF);
    expect(res.statusCode).toBe(201);
    const { mediaId } = res.json();
    expect(await storageKey(t, mediaId)).toMatch(/^s3:/);
    const file = await t.app.inject({ method: 'GET', url: `/files/${mediaId}` });
    expect(file.statusCode).toBe(302);
    const fetched = await fetch(String(file.headers.location));
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('keeps serving local-disk files from before the bucket was configured', async () => {
    const key = await new FileStore(t.deps.config.DATA_DIR).put(org.id, PDF, 'pdf');
    const row = await t.db
      .insertInto('media')
      .values({
        organizationId: org.id,
        ownerUserId: operator.user.id,
        purpose: 'pdf',
        contentType: 'application/pdf',
        byteSize: PDF.length,
        storageKey: key,
        originalName: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = await t.app.inject({ method: 'GET', url: `/files/${row.id}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('redirects to S3_PUBLIC_URL when a CDN is configured', async () => {
    const cdn = await createTestApp({ ...s3Env, S3_PUBLIC_URL: 'https://cdn.example.test/media/' });
    try {
      const o = await createOrg(cdn);
      const op = await createFan(cdn, o, { roles: ['operator'] });
      const res = await post(cdn, op, '/api/admin/media?purpose=pdf', 'application/pdf', PDF);
      expect(res.statusCode).toBe(201);
      const { mediaId } = res.json();
      const key = (await storageKey(cdn, mediaId)).slice(3);
      const file = await cdn.app.inject({ method: 'GET', url: `/files/${mediaId}` });
      expect(file.statusCode).toBe(302);
      expect(file.headers.location).toBe(`https://cdn.example.test/media/${key}`);
      expect(file.headers['cache-control']).toBe('public, max-age=300');
      // The object really is in the bucket behind that CDN.
      const fetched = await fetch(await bucket().presignGet(key, 60));
      expect(Buffer.from(await fetched.arrayBuffer()).equals(PDF)).toBe(true);

      // A fan's avatar never gets the CDN's permanent address: it is presigned (decision 028).
      const fan = await createFan(cdn, o);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const avatar = (await post(cdn, fan, '/api/media', 'application/octet-stream', png)).json();
      const private302 = await cdn.app.inject({ method: 'GET', url: avatar.url });
      expect(private302.statusCode).toBe(302);
      expect(String(private302.headers.location)).not.toContain('cdn.example.test');
      expect(String(private302.headers.location)).toContain('X-Amz-Signature=');
      expect(private302.headers['cache-control']).toBe('private, max-age=300');
    } finally {
      await cdn.close();
    }
  });

  it('s3rver refuses a request signed with an unknown access key', async () => {
    await expect(
      bucket('NOT-A-KEY').putObject('x/y.pdf', PDF, {
        contentType: 'application/pdf',
        cacheControl: 'no-store',
      }),
    ).rejects.toThrow(/403[\s\S]*InvalidAccessKeyId/);
  });

  it('refuses a half-configured bucket at start-up', () => {
    expect(() => parseEnv({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseEnv({ S3_PUBLIC_URL: 'https://cdn.example.test' })).toThrow(/S3_PUBLIC_URL/);
    expect(parseEnv({}).S3_REGION).toBe('us-east-1');
  });
});
