import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

/** A small build as web/dist looks after `npm run build`: hashed assets with .br/.gz copies. */
function fixtureDist() {
  const root = mkdtempSync(path.join(tmpdir(), 'paddock-web-'));
  mkdirSync(path.join(root, 'assets'));
  const write = (name: string, body: string, compressed = true) => {
    writeFileSync(path.join(root, name), body);
    if (!compressed) return;
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(body));
  };
  write(
    'index.html',
    `<!doctype html><html><body><div id="root"></div>${'<!-- pad -->'.repeat(80)}</body></html>`,
  );
  write('assets/index-Bq3xZ9aK.js', `export const boot = ${JSON.stringify('x'.repeat(4000))};`);
  write('assets/index-Bq3xZ9aK.js.map', '{"version":3,"sources":["src/main.tsx"]}', false);
  write('manifest.webmanifest', '{"name":"Paddock"}', false);
  return root;
}

const root = fixtureDist();
const t = useTestApp({}, { serveWeb: true, webDist: root });
const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('serving the built web app (decision 021)', () => {
  it('sends a hashed asset as brotli when the browser accepts it, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Bq3xZ9aK.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('export const boot');
  });

  it('falls back to gzip, then to the plain file, keeping the long cache', async () => {
    const gzip = await get('/assets/index-Bq3xZ9aK.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('export const boot');
    const plain = await get('/assets/index-Bq3xZ9aK.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const boot');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html on every load, on / and on client-side routes, compressed too', async () => {
    for (const url of ['/', '/dashboard', '/challenges/some-id']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('never serves a source map', async () => {
    const res = await get('/assets/index-Bq3xZ9aK.js.map');
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('"sources"');
  });
});
