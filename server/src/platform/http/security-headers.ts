import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/** The players a video may embed (web features/content embedUrl). */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The hashes of the SPA shell's inline <style> blocks (the first-paint background), so the
 * policy allows exactly them and no other inline style element; there is no inline script.
 */
export function inlineStyleHashes(indexHtmlPath: string): string[] {
  if (!existsSync(indexHtmlPath)) return [];
  const html = readFileSync(indexHtmlPath, 'utf8');
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

const origin = (url: string | undefined) => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/** Where media may come from besides this server: the bucket behind a /files redirect. */
function mediaOrigins(config: Config): string[] {
  const out = [...origin(config.S3_PUBLIC_URL), ...origin(config.S3_ENDPOINT)];
  if (config.S3_ENDPOINT && config.S3_BUCKET && !config.S3_FORCE_PATH_STYLE) {
    const endpoint = new URL(config.S3_ENDPOINT);
    out.push(`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`);
  }
  return out;
}

/**
 * The content security policy (decision 027): scripts only from this origin, no inline script,
 * no framing; styles from this origin plus the shell's own inline blocks by hash.
 */
export function contentSecurityPolicy(config: Config, indexHtmlPath: string): string {
  const media = mediaOrigins(config);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...inlineStyleHashes(indexHtmlPath)],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...origin(config.POSTHOG_HOST)],
    'frame-src': VIDEO_PLAYERS,
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/**
 * The headers helmet sends with the options decision 027 chose (referrer policy
 * strict-origin-when-cross-origin for the embedded players, cross-origin resource policy
 * same-site, no cross-origin embedder policy, HSTS only over TLS, the policy above instead of
 * helmet's): fixed strings, byte for byte what @fastify/helmet wrote (security-headers.test.ts
 * compares them with the plugin's own answer, so a helmet upgrade that changes one shows).
 */
export const HELMET_HEADERS: readonly (readonly [string, string])[] = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-site'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * Security headers on every answer, SPA, API, auth and files alike (decision 027): a strict
 * CSP (scripts only from this origin, no inline script, no framing), nosniff, a referrer policy
 * that keeps paths private, and HSTS only when the request came over TLS (an HSTS header on
 * plain http would be ignored, and would pin localhost to https if it were not).
 *
 * Every answer gets the same headers, so they are written from one list set up at start, on the
 * raw response as helmet did (error answers and files keep them too). @fastify/helmet built a
 * new helmet middleware from its options on every request, in two hooks, about 2 % of an
 * authenticated read's CPU (docs/benchmark.md).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: { config: Config; indexHtmlPath: string }) => {
    const headers: [string, string][] = [
      ['content-security-policy', contentSecurityPolicy(opts.config, opts.indexHtmlPath)],
      ...HELMET_HEADERS.map(([name, value]): [string, string] => [name, value]),
    ];
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
);
