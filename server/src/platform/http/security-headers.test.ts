import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config.ts';
import { useTestApp } from '../../test/test-app.ts';
import { Readable } from 'node:stream';
import { HELMET_HEADERS, securityHeaders } from './security-headers.ts';

const t = useTestApp({
  SITE_URL: 'https://fans.example.com',
  CORS_ORIGINS: 'https://partner.example.org',
  TRUST_PROXY: '127.0.0.1/32',
});

describe('finding 5: no security headers', () => {
  it('/api, /auth/v1 and /config.json carry CSP (frame-ancestors none), nosniff and a referrer policy', async () => {
    for (const url of ['/api/docs/json', '/auth/v1/health', '/config.json', '/health']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends exactly the headers @fastify/helmet sent with our options, on answers, errors and 404s', async () => {
    // The fixed list replaced the plugin (it rebuilt helmet on every request): the plugin's own
    // answer is the reference, so a drift in either shows here.
    const reference = Fastify();
    await reference.register(helmet, {
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      hsts: false,
    });
    reference.get('/health', async () => ({ ok: true }));
    const expected = (await reference.inject({ url: '/health' })).headers;
    const names = Object.keys(expected).filter(
      (name) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
    );
    expect(names.sort()).toEqual(HELMET_HEADERS.map(([name]) => name).sort());
    for (const url of ['/health', '/api/user/me', '/api/no-such-route', '/config.json']) {
      const res = await t.app.inject({ url });
      for (const name of names) expect(res.headers[name], `${url} ${name}`).toBe(expected[name]);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    await reference.close();
  });

  it('a route that sets its own policy (an uploaded file, streamed) sends its own, not the app-wide one', async () => {
    const app = Fastify();
    await app.register(securityHeaders, {
      config: t.app.deps.config,
      indexHtmlPath: '/nonexistent/index.html',
    });
    app.get('/file', (_request, reply) =>
      reply
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type('image/svg+xml')
        .send(Readable.from(['<svg/>'])),
    );
    const res = await app.inject({ url: '/file' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });

  it('HSTS only over TLS (as the trusted proxy reports it)', async () => {
    const https = await t.app.inject({ url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toContain('max-age=');
    const http = await t.app.inject({ url: '/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '198.51.100.9',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('finding 6: CORS reflects any origin, including null, with credentials', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/me',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,apikey,x-organization-token',
      },
    });

  it('allows the site and CORS_ORIGINS, with the headers supabase-js sends', async () => {
    for (const origin of ['https://fans.example.com', 'https://partner.example.org']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-headers'])).toContain('apikey');
      const get = await t.app.inject({ url: '/auth/v1/health', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('gives any other origin, and null, no CORS headers at all', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'https://fans.example.com.evil.example',
      'http://fans.example.com',
    ]) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
      const get = await t.app.inject({ url: '/auth/v1/health', headers: { origin } });
      expect(get.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('CORS_ORIGINS takes origins only', () => {
    expect(() => parseEnv({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(parseEnv({ CORS_ORIGINS: 'https://a.example/, http://localhost:5173' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });
});
