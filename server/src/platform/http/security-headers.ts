import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
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
 * Security headers on every answer, SPA, API, auth and files alike (decision 027): a strict
 * CSP (scripts only from this origin, no inline script, no framing), nosniff, a referrer policy
 * that keeps paths private, and HSTS only when the request came over TLS (an HSTS header on
 * plain http would be ignored, and would pin localhost to https if it were not).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: { config: Config; indexHtmlPath: string }) => {
    const policy = contentSecurityPolicy(opts.config, opts.indexHtmlPath);
    await app.register(helmet, {
      // The policy is the same for every answer: written once here instead of helmet rebuilding
      // it from its directives on every request (0.12–0.16 ms of a leaderboard read's profile).
      contentSecurityPolicy: false,
      // Embedded players need the referring origin (YouTube refuses to play without it).
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      hsts: false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', policy);
      done();
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
);
